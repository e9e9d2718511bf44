import type { Capture } from "./capture.ts";
import type { Recorder } from "./replay.ts";

/**
 * Who uses the app, as `Retour.identify` tells it: the company and plan say who is asking; `token`
 * is the site's single sign-on token, sent only to vote, never with a report.
 */
export type Person = {
  id?: string;
  email?: string;
  name?: string;
  company?: { id: string; name: string; monthlySpend?: number };
  plan?: string;
  token?: string;
};

/** The organization's portal, as the widget's settings name it when it is on. */
export interface Portal {
  readonly slug: string;
  readonly url: string;
  readonly appId: string;
  /** Whether the portal can sign a person in by e-mail; the Ideas tab offers it only then. */
  readonly emailSignIn: boolean;
}

/** What the loader hands the panel: where to draw, where to send, and what it captured. */
export interface PanelHost {
  readonly shadow: ShadowRoot;
  readonly base: string;
  readonly key: string;
  readonly capture: Capture;
  readonly user: Person;
  readonly metadata: Record<string, string | number | boolean>;
  readonly emit: (event: string, detail?: unknown) => void;
  readonly launcher: HTMLButtonElement;
  readonly recorder: () => Promise<Recorder | null>;
  readonly portal: () => Portal | undefined;
}

export interface Panel {
  open(options: { kind?: "problem" | "idea" | "praise"; message?: string }): void;
  close(): void;
  /** The site identified the person anew (`Retour.identify`): the form follows, and with another token the Ideas tab, drawn already, is drawn again with it. */
  identified(tokenChanged: boolean): void;
}
