import { Replayer } from "rrweb";
import css from "rrweb/dist/style.css" with { type: "text" };

/**
 * The replay player of the feedback page, loaded only there. It reads the replay from its signed
 * link (gzip-compressed JSON events), plays it in the sandboxed frame rrweb draws into, and offers
 * play and pause. Masked text stays masked: it was masked when recorded.
 */
async function play(mount: HTMLElement): Promise<void> {
  const source = mount.dataset.src;
  if (!source) return;
  const response = await fetch(source);
  if (!response.ok || !response.body) throw new Error(`replay: ${response.status}`);
  const events = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).json();
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
  const replayer = new Replayer(events, { root: mount, mouseTail: false, UNSAFE_replayCanvas: false });
  const button = document.createElement("button");
  button.type = "button";
  let playing = false;
  const label = () => (button.textContent = playing ? (mount.dataset.pause ?? "Pause") : (mount.dataset.play ?? "Play"));
  button.addEventListener("click", () => {
    if (playing) replayer.pause();
    else replayer.play(replayer.getCurrentTime() >= replayer.getMetaData().totalTime ? 0 : replayer.getCurrentTime());
    playing = !playing;
    label();
  });
  replayer.on("finish", () => {
    playing = false;
    label();
  });
  label();
  mount.before(button);
  mount.setAttribute("data-ready", "");
}

const mount = document.querySelector<HTMLElement>("[data-replay]");
if (mount) play(mount).catch((error) => mount.replaceChildren(String(error)));
