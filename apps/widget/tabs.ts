import { h } from "./dom.ts";
import type { Portal } from "./panel-host.ts";
import type { PanelScope } from "./panel-scope.ts";
import { sheet } from "./style-sheet.ts";

/** The dialog's two tabs, with the portal on: the report form and the app's ideas. */
interface Tabs {
  readonly list: HTMLElement;
  readonly ideas: HTMLElement;
  /** Draws the Ideas tab again where it is shown, else when it is next shown: what it offers depends on the site's token. */
  readonly redraw: () => void;
}

/** The tabs over `report` (the report form's panel, which becomes the first tab's); the Ideas tab's module loads the first time it is shown. */
export function dialogTabs(scope: PanelScope, portal: Portal, report: HTMLElement): Tabs {
  const { w } = scope;
  const ideas = h("div", { class: "body", hidden: true });
  for (const [id, panel] of [
    ["report", report],
    ["ideas", ideas],
  ] as const) {
    panel.id = `retour-${id}`;
    panel.setAttribute("role", "tabpanel");
    panel.setAttribute("aria-labelledby", `retour-tab-${id}`);
  }
  const tab = (id: string, label: string, selected: boolean) =>
    h(
      "button",
      {
        type: "button",
        role: "tab",
        class: "tab",
        id: `retour-tab-${id}`,
        "aria-controls": `retour-${id}`,
        "aria-selected": String(selected),
        tabindex: selected ? 0 : -1,
        onclick: () => select(id === "ideas"),
      },
      label,
    );
  const tabs = [tab("report", w.tabReport, true), tab("ideas", w.tabIdeas, false)];
  const onkeydown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    // Two tabs: either arrow moves to the other one.
    select(!report.hidden);
    tabs.find((t) => t.getAttribute("aria-selected") === "true")?.focus();
  };
  let loaded = false;
  function select(showIdeas: boolean): void {
    tabs.forEach((t, i) => {
      const selected = (i === 1) === showIdeas;
      t.setAttribute("aria-selected", String(selected));
      t.tabIndex = selected ? 0 : -1;
    });
    report.hidden = showIdeas;
    ideas.hidden = !showIdeas;
    scope.say("");
    if (showIdeas && !loaded) draw();
  }
  function draw(): void {
    loaded = true;
    showIdeasTab(scope, portal, ideas).catch((error) => {
      loaded = false;
      scope.say(w.ideasFailed);
      scope.host.emit("error", error);
    });
  }
  const redraw = () => {
    loaded = false;
    if (ideas.hidden) return;
    // What the status line said of the token before (its refusal at a vote) is said no more.
    scope.say("");
    draw();
  };
  return { list: h("div", { class: "tabs", role: "tablist", "aria-label": w.title, onkeydown }, ...tabs), ideas, redraw };
}

/** Loads the Ideas tab's module and draws the tab with it. */
async function showIdeasTab(scope: PanelScope, portal: Portal, into: HTMLElement): Promise<void> {
  const { host } = scope;
  const style = (css: string) => {
    host.shadow.adoptedStyleSheets = [...host.shadow.adoptedStyleSheets, sheet(css)];
  };
  const { showIdeas } = await import("./ideas.ts");
  await showIdeas({
    style,
    into,
    base: host.base,
    portal,
    lang: scope.lang,
    w: scope.w,
    h,
    identified: scope.identified,
    tokenRefused: scope.tokenRefused,
    vote: scope.vote,
    voted: scope.voted,
    votedHere: scope.votedHere,
    say: scope.say,
    announce: scope.announce,
  });
}
