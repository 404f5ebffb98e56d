/**
 * Small read-only helpers over hast shared by the post-build steps. Steps share one tree per page,
 * so nothing here changes a node it is given: {@link prune} returns a copy.
 */
import type { Element, ElementContent, Nodes, Parents, Root, RootContent } from 'hast';
import { find, html, svg } from 'property-information';

/** The class names of an element. */
export function classList(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

/** Whether an element has the class `name`. */
export function hasClass(node: Element, name: string): boolean {
  return classList(node).includes(name);
}

/** A string property of an element (`href`, `id`, `role`, ...), or undefined. */
export function stringProperty(node: Element, name: string): string | undefined {
  const value = node.properties[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.join(' ');
  return undefined;
}

/** The text of a node as the DOM's `textContent` gives it: every text node, concatenated. */
export function textContent(node: Nodes): string {
  if (node.type === 'text') return node.value;
  if (!('children' in node)) return '';
  let text = '';
  for (const child of node.children) text += textContent(child);
  return text;
}

/**
 * A copy of `node` without the elements `exclude` matches (with everything inside them). Elements
 * and their properties are copied; text and other leaves are shared.
 * @param replace - optionally turns a kept element into other nodes (after its children are pruned).
 */
export function prune<T extends Root | Element>(
  node: T,
  exclude: (element: Element) => boolean,
  replace?: (element: Element) => ElementContent[] | undefined,
): T {
  const children = (node.children as RootContent[]).flatMap((child): RootContent[] => {
    if (child.type !== 'element') return [child];
    if (exclude(child)) return [];
    const copy = prune(child, exclude, replace);
    return replace?.(copy) ?? [copy];
  });
  if (node.type === 'root') return { ...node, children };
  return { ...node, properties: { ...node.properties }, children: children };
}

/** Every element under `node` (depth first, document order) for which `test` holds. */
export function findAll(node: Parents, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const walk = (parent: Parents): void => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      if (test(child)) found.push(child);
      walk(child);
    }
  };
  walk(node);
  return found;
}

/**
 * The first element under `node`, in document order, for which `test` holds and that lies inside
 * an element for which `inside` holds (the CSS descendant combinator: `inside test`).
 */
export function findFirstInside(
  node: Parents,
  inside: (element: Element) => boolean,
  test: (element: Element) => boolean,
): Element | undefined {
  return findAllInside(node, inside, test, true)[0];
}

/** Every element under `node` for which `test` holds and that lies inside one for which `inside` holds. */
export function findAllInside(
  node: Parents,
  inside: (element: Element) => boolean,
  test: (element: Element) => boolean,
  firstOnly = false,
): Element[] {
  const found: Element[] = [];
  const walk = (parent: Parents, within: boolean): boolean => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      if (within && test(child)) {
        found.push(child);
        if (firstOnly) return true;
      }
      if (walk(child, within || inside(child))) return true;
    }
    return false;
  };
  walk(node, false);
  return found;
}

/** Whether an element carries the `hidden` attribute. */
export function isHidden(node: Element): boolean {
  const value = node.properties.hidden;
  return value !== undefined && value !== false;
}

/** Whether an element carries `aria-hidden="true"`. */
export function isAriaHidden(node: Element): boolean {
  return node.properties.ariaHidden === 'true';
}

/** The first element under `node` (depth first) for which `test` holds. */
export function findFirst(node: Parents, test: (element: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const inner = findFirst(child, test);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * The attributes of an element as written in HTML: `[name, value]` with the attribute's own name
 * (`onclick`, not hast's `onClick`), in the order hast keeps them.
 */
export function attributes(node: Element): [name: string, value: string][] {
  const schema = node.tagName === 'svg' ? svg : html;
  return Object.entries(node.properties).flatMap(([property, value]): [string, string][] => {
    if (value === null || value === undefined || value === false) return [];
    const info = find(schema, property);
    const text = Array.isArray(value)
      ? value.join(info.commaSeparated ? ', ' : ' ')
      : value === true
        ? ''
        : String(value);
    return [[info.attribute, text]];
  });
}
