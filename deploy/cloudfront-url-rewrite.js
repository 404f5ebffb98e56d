// CloudFront Function (runtime cloudfront-js-2.0), attached to the distribution's default cache
// behaviour as a viewer-request function. It applies the site's URL rules in front of the S3
// bucket that holds the build folder, exactly as deploy/nginx.conf does:
//
//   /x and /x/          ask S3 for x/index.html (every page of the build is <path>/index.html)
//   /x.html             301 to /x     (the same path without `.html`), query string kept
//   /x/index.html       301 to /x/    (the same path without `index.html`), query string kept
//   a file (/a/b.js)    asked for as it is
//   encoded slash, NUL byte or `..` segment: 400
//
// A missing object makes S3 answer 403 (the bucket is private behind origin access control) or
// 404; the distribution's custom error responses turn both into /404.html with status 404.
// Both servers are tested against the same table of cases (test/http/url-cases.ts).

// The last path segment of a file: a name, a dot, then an extension with at least one letter and
// no hyphen (`main.3f2a.js`, `en_3f2a.pf_meta`). A page such as `.../cis-v1.5-compliant` is not one.
var FILE_SEGMENT = /\.[A-Za-z0-9_]*[A-Za-z][A-Za-z0-9_]*$/;

function respond(statusCode, statusDescription, headers) {
  return { statusCode: statusCode, statusDescription: statusDescription, headers: headers || {} };
}

// The query string as the viewer sent it, from the function event's querystring object.
function queryString(querystring) {
  var parts = [];
  Object.keys(querystring).forEach(function (key) {
    var entry = querystring[key];
    var values = entry.multiValue ? entry.multiValue : [entry];
    values.forEach(function (item) {
      parts.push(item.value === '' ? key : key + '=' + item.value);
    });
  });
  return parts.length > 0 ? '?' + parts.join('&') : '';
}

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var decoded;
  try {
    decoded = decodeURIComponent(uri);
  } catch (e) {
    return respond(400, 'Bad Request');
  }
  if (/%2f/i.test(uri) || decoded.indexOf('\0') !== -1 || /(^|\/)\.\.?(\/|$)/.test(decoded)) {
    return respond(400, 'Bad Request');
  }

  var stem = null;
  if (/\/index\.html$/.test(uri)) stem = uri.slice(0, -'index.html'.length);
  else if (/\.html$/.test(uri)) stem = uri.slice(0, -'.html'.length);
  if (stem !== null) {
    return respond(301, 'Moved Permanently', {
      location: { value: stem + queryString(request.querystring || {}) },
      'cache-control': { value: 'no-cache' },
    });
  }

  if (uri.charAt(uri.length - 1) === '/') request.uri = uri + 'index.html';
  else if (!FILE_SEGMENT.test(uri.slice(uri.lastIndexOf('/') + 1))) request.uri = uri + '/index.html';
  return request;
}
