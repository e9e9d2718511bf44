import { h } from "./dom.ts";
import type { PanelScope } from "./panel.ts";
import type { Words } from "./words.ts";

/** The report form's screenshot: a button that takes one, then the picture with its Hide tool. */
interface ScreenshotSlot {
  readonly element: HTMLElement;
  /** The picture as it will be sent, the hidden parts painted over; null when there is none. */
  readonly picture: () => Blob | null;
}

type Rect = [x: number, y: number, width: number, height: number];

/** A screenshot slot. A picture that cannot be taken is said so, and the button is offered again. */
export function screenshotSlot(scope: PanelScope): ScreenshotSlot {
  const { w } = scope;
  const element = h("div", { class: "screenshot" });
  let picture: Blob | null = null;
  /** The button, and under it why the last picture failed if it did (the focused button is described by it). */
  const offer = (failed?: string) => {
    const reason = failed ? h("p", { class: "field-error", id: "retour-screenshot-error" }, failed) : null;
    const button = h("button", { type: "button", class: "secondary", "aria-describedby": reason?.id, onclick: () => void take() }, w.screenshot);
    element.replaceChildren(button, ...(reason ? [reason] : []));
    if (reason) button.focus();
  };
  async function take(): Promise<void> {
    element.replaceChildren(h("p", { class: "hint" }, w.taking));
    try {
      picture = await withoutDialog(scope.dialog);
      if (picture) {
        const removed = () => {
          picture = null;
          offer();
        };
        return void element.replaceChildren(...(await hideTool(picture, w, (blob) => (picture = blob), removed)));
      }
    } catch (error) {
      picture = null;
      scope.host.emit("error", error);
    }
    offer(w.screenshotFailed);
  }
  offer();
  return { element, picture: () => picture };
}

/** The page as it shows, the dialog hidden while it is drawn; null when the picture would be too large. */
async function withoutDialog(dialog: HTMLElement): Promise<Blob | null> {
  dialog.hidden = true;
  try {
    const { takeScreenshot } = await import("./screenshot.ts");
    return await takeScreenshot();
  } finally {
    dialog.hidden = false;
  }
}

/** The picture on a canvas where rectangles dragged over it are painted opaque; `changed` receives it as it will then be sent. */
async function hideTool(picture: Blob, w: Words, changed: (picture: Blob | null) => void, removed: () => void): Promise<HTMLElement[]> {
  const image = await createImageBitmap(picture);
  const canvas = h("canvas", { class: "shot", width: image.width, height: image.height, "aria-label": w.hide });
  const paint = canvas.getContext("2d")!;
  const hidden: Rect[] = [];
  const redraw = () => {
    paint.drawImage(image, 0, 0);
    paint.fillStyle = "#111827";
    for (const [x, y, width, height] of hidden) paint.fillRect(x, y, width, height);
  };
  const repaint = () => {
    redraw();
    canvas.toBlob(changed, "image/jpeg", 0.85);
  };
  redraw();
  let from: [number, number] | null = null;
  const at = (event: PointerEvent): [number, number] => {
    const box = canvas.getBoundingClientRect();
    return [((event.clientX - box.left) * canvas.width) / box.width, ((event.clientY - box.top) * canvas.height) / box.height];
  };
  canvas.addEventListener("pointerdown", (event) => {
    from = at(event);
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener("pointerup", (event) => {
    if (!from) return;
    const to = at(event);
    hidden.push([Math.min(from[0], to[0]), Math.min(from[1], to[1]), Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1])]);
    from = null;
    repaint();
  });
  const undo = () => {
    hidden.pop();
    repaint();
  };
  return [
    h("p", { class: "hint" }, w.hide),
    canvas,
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", class: "secondary", onclick: undo }, w.undoHide),
      h("button", { type: "button", class: "danger", onclick: removed }, w.remove),
    ),
  ];
}
