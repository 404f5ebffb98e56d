// CloudFront Function (runtime cloudfront-js-2.0), attached to the distribution's default cache
// behaviour as a viewer-response function, beside deploy/cloudfront-url-rewrite.js (viewer
// request). Every page answered with HTML gets the header that announces its Markdown twin to
// agents, as nginx sends it (deploy/nginx.conf, `$markdown_link`):
//
//   Link: </x.md>; rel="alternate"; type="text/markdown"
//
// The path is the one the viewer asked for (in a viewer-response event, `event.request` is the
// viewer's request, before the viewer-request function rewrote it to the S3 key). `twinPathOf` is
// a copy of plugins/markdown-twins/twin-address.ts's, as in deploy/nginx-markdown.js;
// test/unit/twin-address.test.ts holds the copies equal. A function cannot see whether an object exists, so a page asked for in the other form
// than its links use (/x/ for the page /x) names the twin of that form, which does not exist; nginx
// names the one that does.

// /x → /x.md, /x/ → /x/index.md (the home page / → /index.md).
function twinPathOf(routePath) {
  var path = routePath.split(/[?#]/, 1)[0];
  return path.charAt(path.length - 1) === '/' ? path + 'index.md' : path + '.md';
}

function handler(event) {
  var response = event.response;
  var type = response.headers['content-type'];
  if (response.statusCode !== 200 || !type || type.value.toLowerCase().indexOf('text/html') !== 0) return response;
  response.headers.link = { value: '<' + twinPathOf(event.request.uri) + '>; rel="alternate"; type="text/markdown"' };
  return response;
}
