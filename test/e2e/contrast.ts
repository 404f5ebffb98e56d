/**
 * Text contrast as a reader sees it: the colour a piece of text is painted in against the
 * background actually behind it, composited from the semi-transparent backgrounds of its ancestors.
 * The browser collects the computed styles ({@link collectTextSamples}); the arithmetic runs in
 * Node ({@link judgeSample}), where it is unit-tested. Contrast follows WCAG 2: relative luminance
 * of sRGB colours, ratio (L1 + 0.05) / (L2 + 0.05), at least 4.5:1 for normal text and 3:1 for
 * large text (at least 24 px, or at least 18.66 px and bold).
 */
import type { Page } from 'playwright-core';

/** An sRGB colour: channels 0–255 (not rounded), alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** What the browser reports about one visible text node. */
export interface TextSample {
  /** Short CSS path of the text's parent element, for the report. */
  selector: string;
  /** The text, whitespace collapsed, at most 80 characters. */
  text: string;
  /** Computed `color` of the parent element, as Chromium serialises it. */
  color: string;
  /** Product of the `opacity` of the parent element and all its ancestors, 0–1. */
  opacity: number;
  /** Backgrounds of the parent element and each ancestor up to `<html>`, innermost first. */
  layers: BackgroundLayer[];
  /** The page canvas colour under `<html>` (the `Canvas` system colour of the root's colour scheme). */
  canvas: string;
  /** Computed `font-size`, CSS pixels. */
  fontSize: number;
  /** Computed `font-weight`, 1–1000. */
  fontWeight: number;
}

/** The background one element paints. */
export interface BackgroundLayer {
  /** Computed `background-color`, as Chromium serialises it. */
  color: string;
  /** True when the element also paints a `background-image` (a gradient or a picture). */
  image: boolean;
}

/** A text node that fails the contrast rule, with what the report shows. */
export interface ContrastFailure {
  selector: string;
  text: string;
  /** The text colour, as computed. */
  color: string;
  /** The composited background, `rgb(r, g, b)`. */
  background: string;
  /** Contrast ratio, 1–21; 1 for fully transparent text. */
  ratio: number;
  /** The ratio the text needed: 4.5, or 3 for large text. */
  required: number;
  /** Why it fails: `transparent` text, or `low contrast`. */
  reason: 'transparent' | 'low contrast';
}

/** What {@link judgeSample} makes of a sample. */
export type Verdict =
  { kind: 'pass'; ratio: number } | { kind: 'skipped' } | { kind: 'fail'; failure: ContrastFailure };

const FUNCTIONAL = /^(rgba?|color)\((.*)\)$/;

/**
 * Parses a computed CSS colour as Chromium serialises it: `rgb(r, g, b)`, `rgba(r, g, b, a)`,
 * `color(srgb r g b)` or `color(srgb r g b / a)`, and the keyword `transparent`.
 * @throws Error naming the value when it is in any other form (another colour space, a keyword),
 *   so a colour the check cannot judge is never passed silently.
 */
export function parseCssColor(value: string): Rgba {
  const text = value.trim().toLowerCase();
  if (text === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const match = FUNCTIONAL.exec(text);
  const fn = match?.[1];
  const body = match?.[2];
  if (fn && body !== undefined) {
    const [channelsPart = '', alphaPart] = body.split('/');
    let parts = channelsPart.split(/[\s,]+/).filter((part) => part !== '');
    let scale = 1;
    if (fn === 'color') {
      if (parts[0] !== 'srgb') throw new Error(`contrast: cannot judge the colour "${value}" (not sRGB)`);
      parts = parts.slice(1);
      scale = 255;
    }
    let alphaText = alphaPart?.trim();
    if (fn !== 'color' && parts.length === 4) alphaText = parts.pop();
    const numbers = parts.map(Number);
    const alpha = alphaText === undefined ? 1 : parseAlpha(alphaText);
    const [r, g, b] = numbers;
    if (numbers.length === 3 && r !== undefined && g !== undefined && b !== undefined && numbers.every(Number.isFinite))
      if (Number.isFinite(alpha)) return { r: r * scale, g: g * scale, b: b * scale, a: alpha };
  }
  throw new Error(`contrast: cannot parse the colour "${value}"`);
}

function parseAlpha(text: string): number {
  return text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text);
}

/** Paints `top` over `bottom` (source-over). The result is opaque when `bottom` is. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const mix = (t: number, b: number): number => (t * top.a + b * bottom.a * (1 - top.a)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
}

/** WCAG relative luminance of an sRGB colour (alpha ignored), 0 for black to 1 for white. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two opaque colours, 1 (same luminance) to 21 (black on white). */
export function contrastRatio(first: Rgba, second: Rgba): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** True for WCAG large text: at least 24 px, or at least 18.66 px (14 pt) and bold (700 or more). */
export function isLargeText(fontSize: number, fontWeight: number): boolean {
  return fontSize >= 24 || (fontSize >= 18.66 && fontWeight >= 700);
}

function formatRgb({ r, g, b }: Rgba): string {
  return `rgb(${[r, g, b].map((channel) => String(Math.round(channel))).join(', ')})`;
}

/**
 * Judges one sample: `skipped` when a background image shows behind the text (one on the way up
 * before the first opaque background colour; its colour there is unknown); `fail` when the text
 * colour is fully transparent, or when the text, made as transparent as its alpha and its
 * ancestors' opacity say, contrasts less than the WCAG minimum with the composited background;
 * `pass` otherwise. Ancestors' opacity is applied to the text alone, not to their backgrounds:
 * exact when the faded element paints no background of its own, an approximation otherwise.
 * @throws Error from {@link parseCssColor} on a colour it cannot parse.
 */
export function judgeSample(sample: TextSample): Verdict {
  const showing: Rgba[] = [];
  for (const layer of sample.layers) {
    if (layer.image) return { kind: 'skipped' };
    const color = parseCssColor(layer.color);
    showing.push(color);
    if (color.a === 1) break;
  }
  const required = isLargeText(sample.fontSize, sample.fontWeight) ? 3 : 4.5;
  const background = showing
    .reverse()
    .reduce((below, layer) => composite(layer, below), { ...parseCssColor(sample.canvas), a: 1 });
  const color = parseCssColor(sample.color);
  const base = { selector: sample.selector, text: sample.text, color: sample.color, background: formatRgb(background) };
  if (color.a === 0) return { kind: 'fail', failure: { ...base, ratio: 1, required, reason: 'transparent' } };
  const painted = composite({ ...color, a: color.a * sample.opacity }, background);
  const ratio = contrastRatio(painted, background);
  if (ratio < required) return { kind: 'fail', failure: { ...base, ratio, required, reason: 'low contrast' } };
  return { kind: 'pass', ratio };
}

/**
 * Collects a {@link TextSample} for every visible, non-blank text node inside the elements that
 * match `rootSelectors` (each element walked once). A text node is visible when its parent element
 * passes `checkVisibility` (display, `visibility`, `opacity: 0`, `content-visibility`), its box is
 * larger than 1 × 1 px (which leaves out screen-reader-only text) and the text itself has a box.
 * Text inside SVG (painted with `fill`, not `color`) is left out.
 */
export function collectTextSamples(page: Page, rootSelectors: readonly string[]): Promise<TextSample[]> {
  return page.evaluate((selectors) => {
    const roots = new Set<Element>();
    for (const selector of selectors)
      for (const element of Array.from(document.querySelectorAll(selector))) roots.add(element);
    // A root inside another root is walked with it.
    const outer = [...roots].filter((root) => ![...roots].some((other) => other !== root && other.contains(root)));
    const probe = document.createElement('span');
    probe.style.color = 'Canvas';
    document.documentElement.append(probe);
    const canvas = getComputedStyle(probe).color;
    probe.remove();
    const describe = (element: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && parts.length < 4; node = node.parentElement) {
        const classes = Array.from(node.classList)
          .slice(0, 2)
          .map((name) => `.${name}`);
        parts.unshift(node.id ? `${node.localName}#${node.id}` : `${node.localName}${classes.join('')}`);
        if (node.id) break;
      }
      return parts.join(' > ');
    };
    const samples = [];
    for (const root of outer) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        const element = node.parentElement;
        if (text === '' || !element || element.closest('svg')) continue;
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }))
          continue;
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const textBox = range.getBoundingClientRect();
        if (textBox.width === 0 || textBox.height === 0) continue;
        const style = getComputedStyle(element);
        const layers: { color: string; image: boolean }[] = [];
        let opacity = 1;
        for (let ancestor: Element | null = element; ancestor; ancestor = ancestor.parentElement) {
          const ancestorStyle = getComputedStyle(ancestor);
          layers.push({ color: ancestorStyle.backgroundColor, image: ancestorStyle.backgroundImage !== 'none' });
          opacity *= Number(ancestorStyle.opacity);
        }
        samples.push({
          selector: describe(element),
          text: text.slice(0, 80),
          color: style.color,
          opacity,
          layers,
          canvas,
          fontSize: Number.parseFloat(style.fontSize),
          fontWeight: Number(style.fontWeight),
        });
      }
    }
    return samples;
  }, rootSelectors);
}
