type Child = Node | string | null | false | undefined;

/** A DOM element, plainly: attributes (or handlers, for `on…`) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, unknown> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value as EventListener);
    else if (value === true) el.setAttribute(name, "");
    else if (value !== false && value !== undefined && value !== null) el.setAttribute(name, String(value));
  }
  el.append(...(children.filter(Boolean) as Array<Node | string>));
  return el;
}

/** `h` as handed to a module loaded apart (the Ideas tab), which imports nothing of the panel's. */
export type H = typeof h;
