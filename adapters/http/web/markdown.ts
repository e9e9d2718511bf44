import type { Markdown } from "../../../core/ports.ts";
import { Html } from "../html.ts";

/** A changelog body in a page: the Markdown port's HTML, which is safe to put there as it is. */
export const renderMarkdown = (markdown: Markdown, text: string): Html => new Html(markdown.html(text));
