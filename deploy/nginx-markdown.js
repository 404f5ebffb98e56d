// njs module (nginx's JavaScript, Debian package libnginx-mod-http-js, njs 0.7) loaded by
// deploy/nginx.conf: chooses between a page's HTML and its Markdown twin by the request's Accept
// header, and names the twin in the `Link` header of every page answered with HTML. The CloudFront
// Function (deploy/cloudfront-url-rewrite.js) holds the same two functions,
// `acceptPreference` and `prefersMarkdown`; both files are tested against one table of Accept
// headers (test/http/url-cases.ts) and against each other on random headers.
//
// The rule, as HTTP defines the Accept header: each media type gets the quality (q, 0 to 1, default 1) of
// the most specific range that matches it (`text/markdown` over `text/*` over `*/*`). The twin is
// served when Markdown's q is above 0 and above HTML's. At equal q the type whose range is listed
// first wins (`text/markdown, text/html` is Markdown, as coding agents send it); when one range
// gives both (`*/*`, `text/*`), HTML wins. A range with a malformed q is ignored. No Accept header
// means HTML, so browsers, which never ask for Markdown, always get HTML.

import fs from 'fs';

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

// The twin address rule, copied from plugins/markdown-twins/twin-address.ts (twinPathOf and
// otherTwinPathOf; test/unit/twin-address.test.ts holds the copies equal to it): /x → /x.md,
// /x/ → /x/index.md; the other form of a page: /x/ → /x.md, /x → /x/index.md, none for /.
function twinPathOf(routePath) {
  var path = routePath.split(/[?#]/, 1)[0];
  return path.charAt(path.length - 1) === '/' ? path + 'index.md' : path + '.md';
}

function otherTwinPathOf(routePath) {
  var path = routePath.split(/[?#]/, 1)[0];
  if (path === '/' || path === '') return null;
  return path.charAt(path.length - 1) === '/' ? path.slice(0, -1) + '.md' : path + '/index.md';
}

// `js_set $markdown_twin`: the twin of the requested page when the request prefers Markdown, else
// an empty string (which `try_files` skips).
function twin(r) {
  if (!prefersMarkdown(r.headersIn.Accept)) return '';
  return twinPathOf(r.uri);
}

// `js_set $markdown_twin_other`: the twin the page has under its other form, for a page asked for
// with or without the trailing slash its links use; empty for the home page and when the request
// does not prefer Markdown.
function otherTwin(r) {
  if (!prefersMarkdown(r.headersIn.Accept)) return '';
  return otherTwinPathOf(r.uri) || '';
}

function isFile(path) {
  try {
    fs.accessSync(path, fs.constants.R_OK);
    return true;
  } catch (e) {
    return false;
  }
}

// `js_set $markdown_link`: for a page answered with its HTML, the `Link` header that announces
// its twin to agents (`</x.md>; rel="alternate"; type="text/markdown"`), naming the twin that
// exists (of the path as asked, else of its other form); empty (no header) for a Markdown answer,
// a file, or a page without a twin. $page_uri is the path as asked, set by the page locations
// before `try_files` rewrites $uri to the file it found.
function link(r) {
  var uri = r.variables.page_uri;
  if (!uri || prefersMarkdown(r.headersIn.Accept)) return '';
  var candidates = [twinPathOf(uri), otherTwinPathOf(uri)];
  for (var i = 0; i < candidates.length; i++) {
    if (candidates[i] && isFile(r.variables.document_root + candidates[i])) {
      return '<' + candidates[i] + '>; rel="alternate"; type="text/markdown"';
    }
  }
  return '';
}

export default {
  twin: twin,
  otherTwin: otherTwin,
  link: link,
  prefersMarkdown: prefersMarkdown,
  twinPathOf: twinPathOf,
  otherTwinPathOf: otherTwinPathOf,
};
