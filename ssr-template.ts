/**
 * The HTML template of every built page (`ssrTemplate` in docusaurus.config.ts).
 *
 * Ejected from @docusaurus/core 3.10.2 `lib/ssg/ssgTemplate.html.js` (MIT). Why: upstream lists
 * the page's scripts as `<script defer>` in the head. The browser fetches them at once and, when
 * they arrive before the stylesheet has been applied, runs them (`main.js` and the route chunks:
 * about 60 ms of main-thread time on a mid-range phone) before it paints anything, so the first
 * paint of a page whose HTML is already complete waits for its JavaScript. Here each script is a
 * `<link rel="preload" as="script" fetchpriority="low">`, fetched as early as before and at the
 * same low priority as a deferred script (so the stylesheet and fonts go first), and
 * {@link SCRIPT_LOADER} adds the scripts, in the same order, once the page has painted its first
 * content. Everything else is upstream. See ARCHITECTURE.md, 'In the browser'.
 */

/** The longest the loader waits for the first contentful paint before it runs the scripts (ms). */
export const LOADER_TIMEOUT_MS = 4000;

/**
 * The inline script, last in `<body>`, that runs the preloaded scripts after the first contentful
 * paint, as the browser reports it (`PerformanceObserver`, entry type `paint`; in a tab opened in
 * the background, once the tab is shown and painted). Where the browser reports no paint, it runs
 * them two frames later; and in any case after {@link LOADER_TIMEOUT_MS}. It adds one
 * `<script async=false>` per `link[rel=preload][as=script]`, in document order, so they run in
 * order as deferred scripts would, and it runs them once. Each script's `src` attribute is the
 * link's `href` attribute as written (`/route-chunks/route-bucket-7.js`, not the resolved
 * absolute URL): the bundler's runtime, asked by `main.js` for a chunk whose script is queued but
 * has not run yet, looks for a `<script>` whose `src` attribute equals the chunk's URL and waits
 * for it; with another spelling it adds a second script, and a chunk served `no-cache` (the route
 * directories and buckets) is downloaded twice. Its text is hashed into the
 * Content-Security-Policy by the static-hosting plugin, as every inline script is.
 */
export const SCRIPT_LOADER = [
  '(function(){',
  'var d=document,started=false;',
  'function run(){',
  'if(started)return;started=true;',
  "var links=d.querySelectorAll('link[rel=preload][as=script]');",
  "for(var i=0;i<links.length;i++){var s=d.createElement('script');s.setAttribute('src',links[i].getAttribute('href'));s.async=false;d.body.appendChild(s);}",
  '}',
  'function later(){setTimeout(run,0);}',
  "var paints=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes&&PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0;",
  "if(paints){new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)later();}).observe({type:'paint',buffered:true});}",
  'else{requestAnimationFrame(function(){requestAnimationFrame(later);});}',
  `setTimeout(run,${String(LOADER_TIMEOUT_MS)});`,
  '})();',
].join('');

/** Upstream's lines that list the scripts, as they are in its template. */
export const UPSTREAM_SCRIPT_TAGS = `    <% it.scripts.forEach((script) => { %>
      <script src="<%= it.baseUrl %><%= script %>" defer></script>
    <% }); %>`;

/** This site's replacement: the same list as low-priority preloads. */
const PRELOAD_TAGS = `    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>`;

/** Upstream's end of the body, where the loader goes. */
export const UPSTREAM_BODY_END = `    <%~ it.postBodyTags %>
  </body>`;

/**
 * The site's SSR template: upstream's, with {@link UPSTREAM_SCRIPT_TAGS} replaced by preloads and
 * {@link SCRIPT_LOADER} added at the end of the body.
 */
export const SSR_TEMPLATE = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
${PRELOAD_TAGS}
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>${SCRIPT_LOADER}</script>
  </body>
</html>
`;
