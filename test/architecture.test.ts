import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { EN } from "../adapters/http/catalog/en.ts";

const ROOT = join(import.meta.dir, "..");

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f));
}

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const importsOf = (file: string) => [...read(file).matchAll(/^import[^;]*? from "([^"]+)";/gms)].map((m) => m[1]!);

/** The two store adapters implement the ports; the composition root opens and closes the store. */
const STORE_OWNERS = ["adapters/sqlite/", "adapters/mongodb/", "apps/runtime/services.ts"];

/** The lines of these files that match a pattern, comments aside, as `file:line: text`. */
const linesMatching = (files: readonly string[], pattern: RegExp) =>
  files.flatMap((file) =>
    read(file)
      .split("\n")
      .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
      .filter(({ line }) => pattern.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line))
      .map(({ at, line }) => `${at}: ${line.trim()}`),
  );

/** Everything outside core; the SQLite migrations are fixed history, and keep the rules as they were written then. */
/**
 * A rule written again by hand, as each rule test looks for it line by line (a rule's own module
 * excepted). Each pattern is held to the variants it must catch, and the lines it must let be, below.
 */
const BY_HAND = {
  /** A member's role compared outside the authorization table: by value, in a switch, by a helper, in a list. */
  role: /\brole\b\s*[!=]==?\s*["'](admin|member|reader)["']|["'](admin|member|reader)["']\s*[!=]==?\s*[\w.?!]*\brole\b|\.roles\.includes\(|case ["'](admin|member|reader)["']:|\bis(Admin|Member|Reader)\b|["'](admin|member|reader)["'][^\]]*\]\.includes\(/,
  /** A feedback key (PREFIX-n) put together: in a template, with +, or with SQL's ||. */
  key: /\$\{[^}]*prefix[^}]*\}-\$\{|prefix\w*\s*\+\s*["']-["']|prefix\w*\s*\|\|\s*'-'/i,
  /** A feedback's search text (key and title) put together. */
  searchText: /\$\{[\w.]*key\} \$\{[\w.]*title\}|\[\s*[\w.]*key\s*,\s*[\w.]*title\s*\]\.join\(/,
  /** A quota's use compared with its limit. */
  quota: /\b(used|count)\s*(>=|<=|>|<)\s*[\w.]*(limit|quota)\b|\b(limit|quota)\s*(>=|<=|>|<)\s*[\w.]*\b(used|count)\b/i,
} as const;

const OUTSIDE_CORE = [...sources("adapters"), ...sources("apps")].filter((file) => !file.startsWith("adapters/sqlite/migrations/"));

describe("the architecture", () => {
  test("core/ imports only TypeBox and itself", () => {
    const outside = sources("core").flatMap((file) =>
      importsOf(file)
        .filter((spec) => !spec.startsWith("@sinclair/typebox") && !join("core", relative("core", join(file, "..", spec))).startsWith("core/"))
        .map((spec) => `${file} → ${spec}`),
    );
    expect(outside).toEqual([]);
  });

  test("no adapter imports another adapter", () => {
    const crossing = sources("adapters").flatMap((file) => {
      const own = file.split("/")[1];
      return importsOf(file)
        .filter((spec) => spec.startsWith("."))
        .map((spec) => join(file, "..", spec))
        .filter((target) => target.startsWith("adapters/") && target.split("/")[1] !== own)
        .map((target) => `${file} → ${target}`);
    });
    expect(crossing).toEqual([]);
  });

  test("routes, MCP tools, the CLI and the server call use cases, never a store method", () => {
    const callers = [...sources("adapters"), ...sources("apps")]
      .filter((file) => !STORE_OWNERS.some((owner) => file.startsWith(owner)))
      .flatMap((file) =>
        read(file)
          .split("\n")
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => /\bstore\.\w+\(|\{\s*store\s*[,}]/.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(callers).toEqual([]);
  });

  // A conversation turn's role (user, assistant) or a process's (server, worker) is not a member's.
  test("who may do what is read from the authorization table: no member role is compared by hand outside core/authorization.ts", () => {
    const byHand = [...sources("core"), ...sources("adapters"), ...sources("apps")]
      .filter((file) => file !== "core/authorization.ts")
      .flatMap((file) =>
        read(file)
          .split("\n")
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => BY_HAND.role.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(byHand).toEqual([]);
  });

  test("use cases authorize, edges do not again: routes, MCP, the CLI and the server only ask can(grant, op)", () => {
    const edges = [...sources("adapters"), ...sources("apps")].filter((file) =>
      /^import \{[^}]*\bauthorize\b[^}]*\} from "[^"]*core\/authorization\.ts";/m.test(read(file)),
    );
    expect(edges).toEqual([]);
  });

  test("an edge's can(grant, op) chooses what to offer, never a refusal: no 403 nor forbidden in the lines that ask it", () => {
    const refusing = [...sources("adapters"), ...sources("apps")].flatMap((file) => {
      const lines = read(file).split("\n");
      return lines
        .map((line, i) => ({ asked: /\bcan\(/.test(line) ? lines.slice(i, i + 2).join(" ") : "", at: `${file}:${i + 1}` }))
        .filter(({ asked }) => /\b403\b|"forbidden"/.test(asked))
        .map(({ at }) => at);
    });
    expect(refusing).toEqual([]);
  });

  // A webhook receiver's answer (`status: number`) is data the core keeps; a status the service answers with is not.
  test("core/ says no HTTP status: the HTTP adapter maps error codes to statuses", () => {
    const statuses = sources("core").flatMap((file) =>
      read(file)
        .split("\n")
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => /\b(status|STATUS\w*)\b\s*[:=]\s*[1-5]\d\d\b|\bstatus:\s*[1-5]\d\d\s*\|/.test(line) && !line.trim().startsWith("//"))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(statuses).toEqual([]);
  });

  test("a length limit counts characters (Unicode code points) as the spec does: a bounded string is core's Text, never TypeBox's String, which counts UTF-16 units", () => {
    const bounded = [...sources("core"), ...OUTSIDE_CORE].flatMap((file) =>
      read(file)
        .split("\n")
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        // A minimum of one is the same in either count. A record's key schema must be TypeBox's own
        // string (Text is not a key TypeBox knows).
        .filter(({ line }) => /Type\.String\(\{[^}]*\b(maxLength\b|minLength: ([2-9]|\d\d))/.test(line) && !/Type\.Record\(Type\.String\(/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(bounded).toEqual([]);
  });

  // A connection's TEMP tables are its scratch space, not the store's schema.
  test("the SQLite schema changes only in migrations (adapters/sqlite/migrations/, with the triggers of schema/)", () => {
    const ddl = /\b(CREATE\s+(UNIQUE\s+|VIRTUAL\s+)?(TABLE|INDEX|TRIGGER|VIEW)|ALTER\s+TABLE|DROP\s+(TABLE|INDEX|TRIGGER|VIEW))\b/;
    const outside = [...sources("adapters"), ...sources("apps")]
      .filter((file) => !file.startsWith("adapters/sqlite/migrations/") && !file.startsWith("adapters/sqlite/schema/"))
      .filter((file) => ddl.test(read(file)));
    expect(outside).toEqual([]);
  });
});

/** A screen of methods: a store port longer than this holds more than one role. */
const SCREEN_OF_METHODS = 15;

/** Where the whole store is assembled from its roles: the core's Services, the two store adapters, the apps. */
const STORE_ASSEMBLERS = ["core/services.ts", "adapters/sqlite/store.ts", "adapters/mongodb/store.ts", "apps/"];

/** The functions a file exports that are operations: done for someone (taking a Grant), or a job's handler (taking its JobRequest). */
const operationsIn = (file: string) =>
  [...read(file).matchAll(/^export (?:async )?function (\w+)\(([^)]*)\)/gm)].filter((m) => /\b(?:Grant|JobRequest)\b/.test(m[2]!)).map((m) => m[1]!);

describe("use cases: each in the folder of its domain, one operation per file", () => {
  test("there is no core/use-cases/ folder: a use case lives in its domain's folder (core/feedback/change-status.ts)", () => {
    expect(sources("core").filter((file) => file.startsWith("core/use-cases/"))).toEqual([]);
  });

  test("a file of core/ exports at most one operation: done for someone (a function taking a Grant), or a job's handler", () => {
    const crowded = sources("core")
      .map((file) => ({ file, operations: operationsIn(file) }))
      .filter(({ operations }) => operations.length > 1)
      .map(({ file, operations }) => `${file}: ${operations.join(", ")}`);
    expect(crowded).toEqual([]);
  });
});

describe("exports: a module exports only what another file imports", () => {
  test("every export of core/, adapters/ and apps/ is imported by another file (tests count)", () => {
    const taken = importedNames(["core", "adapters", "apps", "test", "bench"].flatMap(sources));
    const unused = [...sources("core"), ...sources("adapters"), ...sources("apps")].flatMap((file) =>
      exportsOf(file)
        .filter((name) => !taken.get(file)?.has(name) && !taken.get(file)?.has("*"))
        .map((name) => `${file}: ${name}`),
    );
    expect(unused).toEqual([]);
  });
});

/** The names a file exports, declared with `export` (the SQLite migrations' default exports are loaded by path). */
const exportsOf = (file: string) =>
  [...read(file).matchAll(/^export (?:async )?(?:function |const |let |type |interface |class |enum )(\w+)/gm)].map((m) => m[1]!);

/** What each file is asked for by the others: imports, re-exports and dynamic imports, `*` for a whole module. */
function importedNames(files: readonly string[]): Map<string, Set<string>> {
  const taken = new Map<string, Set<string>>();
  const take = (from: string, spec: string, names: readonly string[]) => {
    if (!spec.startsWith(".")) return;
    const target = join(from, "..", spec);
    const set = taken.get(target) ?? taken.set(target, new Set()).get(target)!;
    for (const name of names) set.add(name);
  };
  const listed = (list: string) =>
    list
      .split(",")
      .map((name) =>
        name
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean);
  for (const file of files) {
    const text = read(file);
    for (const m of text.matchAll(/^(?:import|export)(?:\s+type)?\s*(?:(\w+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s+as\s+\w+|\*)?\s*from\s*"([^"]+)"/gm))
      take(file, m[3]!, [...(m[1] ? ["default"] : []), ...(m[2] !== undefined ? listed(m[2]) : m[0].includes("*") ? ["*"] : [])]);
    for (const m of text.matchAll(/const \{([^}]*)\} = await import\("([^"]+)"\)/g)) take(file, m[2]!, listed(m[1]!));
    for (const m of text.matchAll(/\(await import\("([^"]+)"\)\)\.(\w+)/g)) take(file, m[1]!, [m[2]!]);
    for (const m of text.matchAll(/import\("([^"]+)"\)\s*\.then\(\((\w+)\) =>\s*\2\.(\w+)/g)) take(file, m[1]!, [m[3]!]);
    for (const m of text.matchAll(/typeof import\("([^"]+)"\)/g)) take(file, m[1]!, ["*"]);
  }
  return taken;
}

/** The interfaces a file declares that have methods (ports, not records), with how many methods each has. */
const portsIn = (file: string) =>
  [...read(file).matchAll(/^export interface (\w+)[^{]*\{\n([\s\S]*?)^\}/gm)]
    .map((m) => ({ name: m[1]!, methods: [...m[2]!.matchAll(/^ {2}\w+\??\(/gm)].length }))
    .filter((port) => port.methods > 0);

describe("store ports: one role per file, the whole store named only where it is assembled", () => {
  test("each file of core/store/ declares one store role, of at most a screen of methods", () => {
    const files = sources("core/store");
    expect(files.length).toBeGreaterThan(0);
    const misfits = files.flatMap((file) => {
      const ports = portsIn(file);
      if (ports.length !== 1) return [`${file}: ${ports.length} ports (${ports.map((p) => p.name).join(", ")})`];
      return ports.filter((port) => port.methods > SCREEN_OF_METHODS).map((port) => `${file}: ${port.name} has ${port.methods} methods`);
    });
    expect(misfits).toEqual([]);
  });

  test("store roles live only in core/store/: no other core file declares a store port", () => {
    const elsewhere = sources("core")
      .filter((file) => !file.startsWith("core/store/"))
      .flatMap((file) =>
        portsIn(file)
          .filter((port) => /Store$/.test(port.name))
          .map((port) => `${file}: ${port.name}`),
      );
    expect(elsewhere).toEqual([]);
  });

  test("use cases, routes and tools name the store roles they use; only the composition names the whole Store", () => {
    const namers = [...sources("core"), ...sources("adapters"), ...sources("apps")].filter(
      (file) => !STORE_ASSEMBLERS.some((assembler) => file.startsWith(assembler)),
    );
    expect(linesMatching(namers, /\bStore\b/)).toEqual([]);
  });

  test("each store contract suite names the role it tests and what it arranges with, not the whole Store", () => {
    // The suites and their kit; the aggregator that runs them all on one store (test/adapters/store-contract.ts) is the composition.
    const suites = sources("test/adapters/store-contract");
    expect(suites.length).toBeGreaterThan(0);
    expect(linesMatching(suites, /\bStore\b/)).toEqual([]);
  });

  test("each role's contract suite (test/adapters/store-contract/<role>.ts, or the kit all suites share) calls every method of its port", () => {
    // The code of a file, its comments left out: a call named in a comment is no call.
    const code = (file: string) =>
      existsSync(join(ROOT, file))
        ? read(file)
            .split("\n")
            .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
            .join("\n")
        : "";
    const kit = code("test/adapters/store-contract/kit.ts");
    const methods = sources("core/store").flatMap((file) => {
      const calls = `${code(join("test/adapters/store-contract", file.slice("core/store/".length)))}\n${kit}`;
      return [...read(file).matchAll(/^export interface \w+[^{]*\{\n([\s\S]*?)^\}/gm)]
        .flatMap((m) => [...m[1]!.matchAll(/^ {2}(\w+)\??\(/gm)].map((method) => method[1]!))
        .map((method) => ({ at: `${file}: ${method}`, called: new RegExp(`\\.${method}\\(`).test(calls) }));
    });
    expect(methods.length).toBeGreaterThan(150);
    expect(methods.filter((m) => !m.called).map((m) => m.at)).toEqual([]);
  });

  test("each piece of a store adapter declares the role port it implements", () => {
    const pieces = [...sources("adapters/sqlite"), ...sources("adapters/mongodb")].filter(
      (file) => !file.endsWith("/store.ts") && /^export function \w+(Store|Queue)\(/m.test(read(file)),
    );
    expect(pieces.length).toBeGreaterThan(0);
    const undeclared = pieces.filter((file) => {
      const roles = [...read(file).matchAll(/^export function \w+(?:Store|Queue)\([^)]*\): (\w+) \{/gm)].map((m) => m[1]!);
      const fromPorts = read(file).match(/^import type \{[^}]*\} from "[^"]*\/core\/store\/[\w-]+\.ts";/gm) ?? [];
      return roles.length === 0 || !roles.every((role) => fromPorts.some((line) => new RegExp(`\\b${role}\\b`).test(line)));
    });
    expect(undeclared).toEqual([]);
  });
});

describe("each rule is written once, in core: no store or adapter writes it again", () => {
  test("each pattern of a rule written by hand catches the variants it names, and lets ordinary lines be", () => {
    const caught = {
      role: [
        "grant.role === 'admin'",
        'if (role !== "reader")',
        '["admin", "member"].includes(grant.role)',
        'case "admin":',
        "const isAdmin = true;",
      ],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source as a file would write it
      key: ['org.key_prefix + "-" + org.seq', "SELECT key_prefix || '-' || next_seq", "`${org.keyPrefix}-${n}`"],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source as a file would write it
      searchText: ["`${f.key} ${f.title}`", '[feedback.key, feedback.title].join(" ")'],
      quota: ["if (used < limit)", "count < org.quota", "quota <= used"],
    };
    const spared = ['if (turn.role === "user")', "const key = feedbackKey(prefix, n);", "if (pageCount < pageSize)", 'words.join(" ")'];
    for (const [rule, lines] of Object.entries(caught) as Array<[keyof typeof BY_HAND, string[]]>) {
      expect({ rule, missed: lines.filter((line) => !BY_HAND[rule].test(line)) }).toEqual({ rule, missed: [] });
    }
    expect(spared.filter((line) => Object.values(BY_HAND).some((pattern) => pattern.test(line)))).toEqual([]);
  });

  test("a feedback's key (PREFIX-n) is core's feedbackKey", () => {
    expect(linesMatching(OUTSIDE_CORE, BY_HAND.key)).toEqual([]);
  });

  test("the text a feedback is found by (key, title, messages) is core's ownWords", () => {
    expect(linesMatching(OUTSIDE_CORE, BY_HAND.searchText)).toEqual([]);
  });

  test("the words a merge carries and a new title adds are core's wordsAfterMerge and wordsWithTitle", () => {
    expect(linesMatching(OUTSIDE_CORE, /\bwithWords\(/)).toEqual([]);
  });

  test("whether a month's quota takes one more feedback is core's quotaAllows", () => {
    expect(linesMatching(OUTSIDE_CORE, BY_HAND.quota)).toEqual([]);
  });

  test("a refresh token's fate (reused, revoked, expired, idle) is core's judgeRefreshToken; an idle agent, core's activeSince", () => {
    const stores = [...sources("adapters/sqlite"), ...sources("adapters/mongodb")];
    expect(linesMatching(OUTSIDE_CORE, /-\s*idleMs\b/)).toEqual([]);
    expect(linesMatching(stores, /\bif\s*\(.*(used_at|usedAt)\s*!==\s*null/)).toEqual([]);
  });

  test("grouping candidates are ranked by core's rankCandidates, a report's matches linked by core's linkMatches", () => {
    // Counting the keys a feedback shares, ranking matches by their closest text: core's, which a store or grouper calls.
    expect(linesMatching(OUTSIDE_CORE, /\bshared\.set\(|Number\(b\.same\) - Number\(a\.same\)|Math\.round\(score \* 1000\)/)).toEqual([]);
  });

  test("rate limits are counted by core's limiter alone: the sliding limiter, and the failure budget of sign-ins beside it", () => {
    const limiter = [
      "core/rate-limits/window.ts",
      "core/store/rate-limits.ts",
      "core/rate-limits/check-rate-limit.ts",
      "core/rate-limits/failure-budget.ts",
    ];
    const elsewhere = [...sources("core"), ...OUTSIDE_CORE].filter(
      (file) => !limiter.includes(file) && !STORE_OWNERS.some((owner) => file.startsWith(owner)),
    );
    expect(linesMatching(elsewhere, /\b(rateWindow|hitRateLimit|rateCount)\(/)).toEqual([]);
  });

  test("a pair is dismissed as core's dismissal says (an unmerged or split pair, a person's decision)", () => {
    const stores = [...sources("adapters/sqlite"), ...sources("adapters/mongodb")];
    const written = linesMatching(stores, /\bdismiss\(/).filter(
      (line) => !/function dismiss\(|dismiss\(\w+, dismissal(Of|AfterUnmerge|AfterSplit)\(/.test(line),
    );
    expect(written).toEqual([]);
    // The decision is kept on one suggestion row a pair: only `dismiss` writes it.
    expect(linesMatching(stores, /dismissed_at = excluded|dismissedAt: at/).length).toBe(2);
  });
});

/** The sections of the web catalog each page or component reads, besides the common words: each section is one module's. */
const CATALOG_SECTIONS: Readonly<Record<string, readonly string[]>> = {
  "adapters/http/web/layout.ts": ["layout"],
  "adapters/http/web/copy.ts": ["copy"],
  "adapters/http/web/settings-page.ts": ["settings"],
  "adapters/http/web/activity.ts": ["activity"],
  "adapters/http/web/captured-context.ts": ["context"],
  "adapters/http/web/grouping-panel.ts": ["grouping"],
  "adapters/http/web/first-report.ts": ["firstReport"],
  "adapters/http/web/votes-section.ts": ["votes"],
  "adapters/http/routes/inbox.ts": ["inbox", "feedback", "views"],
  "adapters/http/routes/duplicates.ts": ["duplicates"],
  "adapters/http/routes/trends.ts": ["trends"],
  "adapters/http/routes/settings.ts": ["plan", "apps"],
  "adapters/http/routes/settings-api-keys.ts": ["apiKeys"],
  "adapters/http/routes/settings-tags.ts": ["tags"],
  "adapters/http/web/triage-panel.ts": ["triage"],
  "adapters/http/routes/settings-access.ts": ["members", "tokens", "webhooks"],
  "adapters/http/routes/account.ts": ["signIn", "agents"],
  "adapters/http/routes/oauth.ts": ["consent"],
  "adapters/http/web/tracker-section.ts": ["trackers"],
  "adapters/http/web/tracker-issue-panel.ts": ["trackerIssue"],
  "adapters/http/web/public-changelog.ts": ["publicChangelog"],
  "adapters/http/routes/changelog-page.ts": ["changelog"],
  "adapters/http/routes/settings-slack.ts": ["slackSettings"],
  "adapters/http/routes/password-reset.ts": ["password"],
  "adapters/http/routes/join.ts": ["join"],
  "adapters/http/routes/team-settings.ts": ["account", "inviting"],
  "adapters/http/web/invitations-panel.ts": ["invitations"],
  "adapters/http/web/relative-time.ts": ["time"],
};

describe("the web catalog: each page reads its own words", () => {
  test("each page or component names, in wordsFor, only its own section of the web catalog or the common words", () => {
    const strays = OUTSIDE_CORE.flatMap((file) =>
      [...read(file).matchAll(/\bwordsFor\(([^()]*)\)/g)]
        .map((call) => /^[^,]+,\s*"(\w+)"$/.exec(call[1]!.trim())?.[1] ?? call[0])
        .filter((section) => section !== "common" && !CATALOG_SECTIONS[file]?.includes(section))
        .map((section) => `${file} → ${section}`),
    );
    expect(strays).toEqual([]);
  });

  test("every section of the web catalog but the common words belongs to one page or component", () => {
    const sections = Object.keys(EN.web).filter((section) => section !== "common");
    expect(Object.values(CATALOG_SECTIONS).flat().sort()).toEqual(sections.sort());
  });

  test("the web catalog is read through wordsFor alone", () => {
    const reading = OUTSIDE_CORE.filter((file) => file !== "adapters/http/web/words.ts" && !file.startsWith("adapters/http/catalog/"));
    expect(linesMatching(reading, /(\btextFor\([^)]*\)|\bEN|\bFR)\.web\b|\{[^}]*\bweb\b[^}]*\}\s*=\s*textFor\(/)).toEqual([]);
  });
});
