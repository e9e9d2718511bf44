import { h } from "./dom.ts";
import type { PanelScope } from "./panel-scope.ts";
import type { Words } from "./words.ts";

/** The report form's screenshot: a button that takes one, then the picture with its Hide tool. */
interface ScreenshotSlot {
  readonly element: HTMLElement;
  /** The picture as it will be sent, once its last hidden part is painted over; null when there is none. */
  readonly picture: () => Promise<Blob | null>;
}

type Rect = [x: number, y: number, width: number, height: number];

/**
 * A screenshot slot. The picture is the latest one encoded, held as a promise: a Send pressed while a
 * hidden part is still being encoded waits for it, and an encoding that ends after Remove is dropped.
 * A picture that cannot be taken or encoded is said so, and the button is offered again.
 */
export function screenshotSlot(scope: PanelScope): ScreenshotSlot {
  const { w } = scope;
  const element = h("div", { class: "screenshot" });
  let picture: Promise<Blob | null> | null = null;
  /** The button, focused when it comes back, and under it why the last picture failed if it did. */
  const offer = (failed?: string, focus = false) => {
    const reason = failed ? h("p", { class: "field-error", id: "retour-screenshot-error" }, failed) : null;
    const button = h("button", { type: "button", class: "secondary", "aria-describedby": reason?.id, onclick: () => void take() }, w.screenshot);
    element.replaceChildren(button, ...(reason ? [reason] : []));
    if (focus) button.focus();
  };
  const removed = () => {
    picture = null;
    offer(undefined, true);
  };
  const edited = (next: Promise<Blob | null>) => {
    picture = next;
    void next.then((blob) => {
      if (!blob && picture === next) {
        picture = null;
        offer(w.screenshotFailed, true);
      }
    });
  };
  async function take(): Promise<void> {
    element.replaceChildren(h("p", { class: "hint" }, w.taking));
    picture = null;
    try {
      const taken = await withoutDialog(scope.dialog);
      if (taken) {
        picture = Promise.resolve(taken);
        return void element.replaceChildren(...(await hideTool(taken, w, edited, removed)));
      }
    } catch (error) {
      picture = null;
      scope.host.emit("error", error);
    }
    offer(w.screenshotFailed, true);
  }
  offer();
  return { element, picture: () => picture ?? Promise.resolve(null) };
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

/** The picture on a canvas where rectangles dragged over it are painted opaque; `edited` receives its encoding after each change. */
async function hideTool(picture: Blob, w: Words, edited: (picture: Promise<Blob | null>) => void, removed: () => void): Promise<HTMLElement[]> {
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
    edited(new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85)));
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
