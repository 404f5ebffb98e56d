/**
 * What a reader sees on a doc page, read in the browser feature by feature. Each reader is a
 * self-contained function for `page.evaluate` (Playwright serialises it, so it may use no import
 * and no outer helper). Values are plain JSON, compared between the two builds as they are.
 *
 * Only the content area counts: the doc's Markdown body, the table of contents, the doc footer,
 * pagination, breadcrumbs and the doc sidebar. The navbar, the footer and the site's colours and
 * fonts are the site's own theme, not a feature (README.md, "Compatibility with stock Docusaurus").
 */

/** One run of characters of a code line with one look: text and the computed style a reader sees. */
export interface StyledRun {
  text: string;
  color: string;
  fontStyle: string;
  fontWeight: string;
}

/** One line of a code block. */
export interface CodeLine {
  /** Runs of equal style; whitespace takes the style of the run before it (it shows no colour). */
  runs: StyledRun[];
  /** Whether the line carries the theme's highlighted-line class. */
  highlighted: boolean;
}

/** One code block as rendered. */
export interface CodeBlockView {
  /** Its title bar's text, or null without one. */
  title: string | null;
  /** The `language-*` class of its `pre`. */
  language: string | null;
  /** The block's background colour. */
  background: string;
  /** The first line number shown, or null without line numbers. */
  firstLineNumber: number | null;
  lines: CodeLine[];
  /** The accessible names of its buttons (copy, word wrap). */
  buttons: string[];
}

/**
 * Every code block in `main`, in document order, with its lines, token colours, line numbers,
 * title and buttons.
 */
export function readCodeBlocks(): CodeBlockView[] {
  const isBlank = (text: string): boolean => text.trim() === '';
  return Array.from(document.querySelectorAll('main .theme-code-block')).map((block) => {
    const pre = block.querySelector('pre');
    const code = pre?.querySelector('code');
    const title = block.querySelector('[class*="codeBlockTitle"]');
    const language = Array.from(pre?.classList ?? []).find((name) => name.startsWith('language-')) ?? null;
    const lineElements = Array.from(code?.querySelectorAll(':scope > .token-line') ?? []);
    const numbered = lineElements.some((line) => line.querySelector('[class*="codeLineNumber"]') !== null);
    const counter = code ? /line-count\s+(-?\d+)/.exec(getComputedStyle(code).counterReset) : null;
    const lines = lineElements.map((line) => {
      const runs: StyledRun[] = [];
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (text === '' || node.parentElement?.closest('[class*="codeLineNumber"]')) continue;
        const style = getComputedStyle(node.parentElement ?? line);
        const run = { text, color: style.color, fontStyle: style.fontStyle, fontWeight: style.fontWeight };
        const last = runs.at(-1);
        if (
          last &&
          (isBlank(text) ||
            (last.color === run.color && last.fontStyle === run.fontStyle && last.fontWeight === run.fontWeight))
        ) {
          last.text += text;
        } else if (last && isBlank(last.text)) {
          runs[runs.length - 1] = { ...run, text: last.text + text };
        } else {
          runs.push(run);
        }
      }
      return { runs, highlighted: line.classList.contains('theme-code-block-highlighted-line') };
    });
    return {
      title: title ? title.textContent.trim() : null,
      language,
      background: pre ? getComputedStyle(pre).backgroundColor : '',
      firstLineNumber: numbered ? Number(counter?.[1] ?? 0) + 1 : null,
      lines,
      buttons: Array.from(block.querySelectorAll('button')).map(
        (button) => button.getAttribute('aria-label') ?? button.textContent,
      ),
    };
  });
}

/** Page-level facts: title, metadata, headings, banners and what the page's layout shows. */
export interface PageFacts {
  documentTitle: string;
  meta: Record<string, string>;
  /** Classes the page's MDX `<head>` put on `html` (those not set by Docusaurus itself). */
  htmlClasses: string[];
  /** The page's h1, or null when it shows none (`hide_title`). */
  h1: string | null;
  /** Every heading of the Markdown body: level, id and text. */
  headings: { level: number; id: string; text: string }[];
  /** Theme banners above the content (unlisted, draft), by their text. */
  banners: string[];
}

/** Reads {@link PageFacts}. */
export function readPageFacts(): PageFacts {
  const meta: Record<string, string> = {};
  for (const element of Array.from(document.querySelectorAll('head meta[name]'))) {
    const name = element.getAttribute('name') ?? '';
    if (['description', 'keywords', 'robots', 'fixture-audience'].includes(name))
      meta[name] = element.getAttribute('content') ?? '';
  }
  const headingText = (heading: Element): string => {
    const copy = heading.cloneNode(true) as Element;
    copy.querySelectorAll('.hash-link').forEach((link) => {
      link.remove();
    });
    return copy.textContent.trim();
  };
  const markdown = document.querySelector('main .theme-doc-markdown') ?? document.querySelector('main');
  const h1 = document.querySelector('main h1');
  return {
    documentTitle: document.title,
    meta,
    htmlClasses: Array.from(document.documentElement.classList).filter((name) => name.startsWith('fixture-')),
    h1: h1 ? headingText(h1) : null,
    headings: Array.from(markdown?.querySelectorAll('h2, h3, h4, h5, h6') ?? []).map((heading) => ({
      level: Number(heading.tagName.slice(1)),
      id: heading.id,
      text: headingText(heading),
    })),
    banners: Array.from(document.querySelectorAll('main .theme-doc-version-banner, main .theme-unlisted-banner')).map(
      (banner) => banner.textContent.replace(/\s+/g, ' ').trim(),
    ),
  };
}

/** The navigation around a doc: TOC, inline TOCs, sidebar, breadcrumbs, pagination, tags, cards. */
export interface Navigation {
  /** The table of contents of the right column: text, link and depth of each entry. */
  toc: { text: string; href: string; depth: number }[];
  /** Each inline table of contents (`TOCInline`) of the body. */
  inlineTocs: { text: string; href: string; depth: number }[][];
  /** Every sidebar item: label, link, depth, whether it is the current page, expanded state. */
  sidebar: { label: string; href: string; depth: number; active: boolean; expanded: boolean | null }[];
  breadcrumbs: string[];
  pagination: { label: string; sublabel: string; href: string }[];
  tags: { label: string; href: string }[];
  /** Doc cards of the body: title, description and link. */
  cards: { title: string; description: string; href: string }[];
}

/** Reads {@link Navigation}. Links are compared by path, query and hash (origins differ). */
export function readNavigation(): Navigation {
  const href = (element: Element | null): string => {
    const value = element?.getAttribute('href');
    if (value === null || value === undefined) return '';
    const url = new URL(value, location.href);
    return url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
  };
  const text = (element: Element | null): string => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const tocOf = (root: Element): Navigation['toc'] =>
    Array.from(root.querySelectorAll('a')).map((link) => {
      let depth = 0;
      for (let list = link.closest('ul'); list && root.contains(list); list = list.parentElement?.closest('ul') ?? null)
        depth += 1;
      return { text: text(link), href: href(link), depth };
    });
  const desktopToc = document.querySelector('.theme-doc-toc-desktop');
  return {
    toc: desktopToc ? tocOf(desktopToc) : [],
    inlineTocs: Array.from(document.querySelectorAll('main .theme-doc-markdown [class*="tableOfContentsInline"]')).map(
      tocOf,
    ),
    sidebar: Array.from(document.querySelectorAll('.theme-doc-sidebar-menu .menu__link')).map((link) => {
      let depth = 0;
      for (let list = link.closest('ul'); list; list = list.parentElement?.closest('ul') ?? null) depth += 1;
      const expanded = link.getAttribute('aria-expanded');
      return {
        label: text(link),
        href: href(link),
        depth,
        active: link.classList.contains('menu__link--active'),
        expanded: expanded === null ? null : expanded === 'true',
      };
    }),
    breadcrumbs: Array.from(document.querySelectorAll('.theme-doc-breadcrumbs .breadcrumbs__item')).map((item) =>
      text(item),
    ),
    pagination: Array.from(document.querySelectorAll('.pagination-nav a')).map((link) => ({
      label: text(link.querySelector('.pagination-nav__label')),
      sublabel: text(link.querySelector('.pagination-nav__sublabel')),
      href: href(link),
    })),
    tags: Array.from(document.querySelectorAll('main .theme-doc-footer .tag, main article footer a[rel="tag"]')).map(
      (tag) => ({ label: text(tag), href: href(tag) }),
    ),
    cards: Array.from(document.querySelectorAll('main article a.card, main article .card a')).map((card) => ({
      title: text(card.querySelector('h2')),
      description: text(card.querySelector('p')),
      href: href(card),
    })),
  };
}

/** The body's blocks that take part in interaction or layout: admonitions, tabs, details, media. */
export interface BodyBlocks {
  admonitions: { type: string; title: string; text: string; depth: number }[];
  tabs: { tabs: string[]; selected: string; panel: string; panels: number }[];
  details: { summary: string; open: boolean }[];
  images: { alt: string; src: string; loaded: boolean; width: number }[];
  /** Inline SVG images (`role="img"`) by name, and rendered diagrams by their text. */
  svgs: { name: string; text: string }[];
  links: { text: string; href: string; target: string; download: boolean }[];
}

/** Reads {@link BodyBlocks} from the Markdown body. */
export function readBodyBlocks(): BodyBlocks {
  const body = document.querySelector('main .theme-doc-markdown') ?? document.querySelector('main');
  const text = (element: Element | null): string =>
    ((element as HTMLElement | null)?.innerText ?? element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const all = (selector: string): Element[] => Array.from(body?.querySelectorAll(selector) ?? []);
  return {
    admonitions: all('.theme-admonition').map((admonition) => {
      const type = Array.from(admonition.classList).find((name) => name.startsWith('theme-admonition-')) ?? '';
      let depth = 0;
      let parent = admonition.parentElement?.closest('.theme-admonition');
      while (parent) {
        depth += 1;
        parent = parent.parentElement?.closest('.theme-admonition');
      }
      return {
        type: type.slice('theme-admonition-'.length),
        title: text(admonition.querySelector('[class*="admonitionHeading"]')),
        text: text(admonition.querySelector('[class*="admonitionContent"]')),
        depth,
      };
    }),
    tabs: all('.tabs-container').map((container) => {
      const tabs = Array.from(container.querySelectorAll('[role="tab"]'));
      const panels = Array.from(container.querySelectorAll('[role="tabpanel"]'));
      return {
        tabs: tabs.map((tab) => text(tab)),
        selected: text(tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? null),
        panel: text(panels.find((panel) => !panel.hasAttribute('hidden')) ?? null),
        panels: panels.length,
      };
    }),
    details: all('details').map((details) => ({
      summary: text(details.querySelector('summary')),
      open: (details as HTMLDetailsElement).open,
    })),
    images: all('img').map((image) => {
      const element = image as HTMLImageElement;
      return {
        alt: element.alt,
        src: new URL(element.currentSrc || element.src, location.href).pathname,
        loaded: element.complete && element.naturalWidth > 0,
        width: element.naturalWidth,
      };
    }),
    // The text a diagram shows: its labels, not its embedded stylesheet (whose ids are random).
    svgs: all('svg[role="img"], .docusaurus-mermaid-container svg').map((svg) => ({
      name: svg.getAttribute('aria-label') ?? svg.getAttribute('aria-roledescription') ?? '',
      text: Array.from(svg.querySelectorAll('text, foreignObject'))
        .map((label) => label.textContent.replace(/\s+/g, ' ').trim())
        .filter((label) => label !== '')
        .join(' | '),
    })),
    links: all('a[href]')
      .filter((link) => !link.classList.contains('hash-link') && link.closest('.tabs-container, .card') === null)
      .map((link) => {
        const url = new URL(link.getAttribute('href') ?? '', location.href);
        return {
          text: text(link),
          href: url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href,
          target: link.getAttribute('target') ?? '',
          download: link.hasAttribute('download'),
        };
      }),
  };
}

/** The parts of a doc around its body: edit link, last-updated line, and controls above the body. */
export interface DocChrome {
  /** Text of the "Edit this page" link, or null without one. */
  editLink: string | null;
  /** Text of the last-updated line, or null without one. */
  lastUpdated: string | null;
  /** Accessible names of the buttons and links in the article outside its body, footer and nav. */
  actions: string[];
}

/** Reads {@link DocChrome}. */
export function readDocChrome(): DocChrome {
  const text = (element: Element | null): string | null =>
    element ? element.textContent.replace(/\s+/g, ' ').trim() : null;
  const article = document.querySelector('main article');
  const actions = Array.from(article?.querySelectorAll('button, a[href]') ?? [])
    .filter(
      (control) =>
        control.closest('.theme-doc-markdown, footer, nav, .theme-doc-toc-mobile, .theme-code-block') === null,
    )
    .map((control) => control.getAttribute('aria-label') ?? text(control) ?? '');
  return {
    editLink: text(document.querySelector('main .theme-edit-this-page')),
    lastUpdated: text(document.querySelector('main .theme-last-updated')),
    actions,
  };
}
