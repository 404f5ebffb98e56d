// CloudFront Function (runtime cloudfront-js-2.0), attached to the distribution's default cache
// behaviour as a viewer-request function. It applies the site's URL rules in front of the S3
// bucket that holds the build folder, exactly as deploy/nginx.conf does:
//
//   /x and /x/          ask S3 for x/index.html (every page of the build is <path>/index.html)
//   /x.html             301 to /x     (the same path without `.html`), query string kept
//   /x/index.html       301 to /x/    (the same path without `index.html`), query string kept
//   a file (/a/b.js)    asked for as it is
//   encoded slash, backslash, control character (NUL, TAB, CR...) or `..` segment: 400
//
// A page asked for with an Accept header that prefers text/markdown to text/html is asked for as
// its Markdown twin instead: /x → x.md, /x/ → x/index.md (`twinPathOf`, below). `acceptPreference`
// and `prefersMarkdown` are the same functions as in deploy/nginx-markdown.js, which nginx runs;
// the rule is written there. Because the
// function rewrites the URI, and CloudFront keys its cache on the rewritten URI, HTML and Markdown
// are cached apart with no Accept header in the cache key. `Vary: Accept, Accept-Encoding` comes
// from the response-headers policy (scripts/cloudfront-headers-policy.mjs). A viewer-request
// function cannot see whether an object exists: a page asked for in the other form than its links
// use (/x/ for the page /x) has no twin at that key and gets the not-found page, where nginx falls
// back to the twin of the other form.
//
// A missing object makes S3 answer 403 (the bucket is private behind origin access control) or
// 404; the distribution's custom error responses turn both into /404.html with status 404.
// Both servers are tested against the same table of cases (test/http/url-cases.ts).

// The last path segment of a file: a name, a dot, then an extension with at least one letter and
// no hyphen (`main.3f2a.js`, `en_3f2a.pf_meta`). A page such as `.../cis-v1.5-compliant` is not one.
var FILE_SEGMENT = /\.[A-Za-z0-9_]*[A-Za-z][A-Za-z0-9_]*$/;

// A q-value as HTTP writes it: 0 to 1 with at most three decimals.
var QVALUE = /^(0(\.[0-9]{0,3})?|1(\.0{0,3})?)$/;

// The range of `accept` that decides the quality of type/subtype, as { specificity, q, index }
// (specificity 3 for type/subtype, 2 for type/*, 1 for */*; index is its position in the header),
// or null when no range matches.
function acceptPreference(accept, type, subtype) {
  var best = null;
  var ranges = String(accept || '').split(',');
  for (var i = 0; i < ranges.length; i++) {
    var params = ranges[i].split(';');
    var range = params[0].trim().toLowerCase().split('/');
    var specificity = 0;
    if (range.length === 2 && range[0] === type && range[1] === subtype) specificity = 3;
    else if (range.length === 2 && range[0] === type && range[1] === '*') specificity = 2;
    else if (range.length === 2 && range[0] === '*' && range[1] === '*') specificity = 1;
    var q = 1;
    for (var j = 1; j < params.length; j++) {
      var equals = params[j].indexOf('=');
      if (equals !== -1 && params[j].slice(0, equals).trim().toLowerCase() === 'q') {
        var value = params[j].slice(equals + 1).trim();
        q = QVALUE.test(value) ? Number(value) : -1;
      }
    }
    if (specificity === 0 || q < 0) continue;
    if (!best || specificity > best.specificity || (specificity === best.specificity && q > best.q)) {
      best = { specificity: specificity, q: q, index: i };
    }
  }
  return best;
}

// True when the Accept header `accept` prefers text/markdown to text/html (see the rule above).
function prefersMarkdown(accept) {
  var markdown = acceptPreference(accept, 'text', 'markdown');
  if (!markdown || markdown.q === 0) return false;
  var html = acceptPreference(accept, 'text', 'html');
  if (!html || markdown.q !== html.q) return !html || markdown.q > html.q;
  return markdown.index < html.index;
}

// The twin address rule, copied from plugins/markdown-twins/twin-address.ts
// (test/unit/twin-address.test.ts holds the copy equal to it): /x → /x.md, /x/ → /x/index.md.
function twinPathOf(routePath) {
  var path = routePath.split(/[?#]/, 1)[0];
  return path.charAt(path.length - 1) === '/' ? path + 'index.md' : path + '.md';
}

// The viewer's Accept header (CloudFront lower-cases header names; repeated headers come as
// multiValue), or an empty string.
function acceptHeader(headers) {
  var header = headers && headers.accept;
  if (!header) return '';
  if (!header.multiValue) return header.value;
  return header.multiValue
    .map(function (item) {
      return item.value;
    })
    .join(',');
}

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
  // A backslash or control character, decoded or not, is no URL of the site; in a redirect's
  // Location, browsers read `/\host` as `//host`, another site.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  var forbidden = /[\\\x00-\x1f\x7f]/;
  if (/%2f/i.test(uri) || forbidden.test(decoded) || /(^|\/)\.\.?(\/|$)/.test(decoded)) {
    return respond(400, 'Bad Request');
  }

  var stem = null;
  if (/\/index\.html$/.test(uri)) stem = uri.slice(0, -'index.html'.length);
  else if (/\.html$/.test(uri)) stem = uri.slice(0, -'.html'.length);
  if (stem !== null) {
    // Repeated slashes merged, as nginx merges them: `//host/x.html` redirects to `/host/x`, a path
    // of this site, never to `//host/x`, another site.
    return respond(301, 'Moved Permanently', {
      location: { value: stem.replace(/\/{2,}/g, '/') + queryString(request.querystring || {}) },
      'cache-control': { value: 'no-cache' },
    });
  }

  var folder = uri.charAt(uri.length - 1) === '/';
  if (!folder && FILE_SEGMENT.test(uri.slice(uri.lastIndexOf('/') + 1))) return request;
  if (prefersMarkdown(acceptHeader(request.headers))) request.uri = twinPathOf(uri);
  else request.uri = uri + (folder ? 'index.html' : '/index.html');
  return request;
}
