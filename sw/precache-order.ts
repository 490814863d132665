/**
 * The order in which the service worker stores the app (worked out at build time from Vite's chunk
 * graph). A tablet on a poor link must be usable in the field as early as possible, so the parts the
 * field needs come first and the desk-only parts last:
 *
 *   0 shell    index.html, the entry chunk with everything it imports, the sign-in page, icons
 *   1 field    every chunk the app can load without passing through an admin, analytics or AI
 *              screen (the mirrored modules' screens, the offline engine, PDF building), PDF fonts
 *   2 desk     admin (users, settings), analytics and AI chunks, and anything not reached above
 *   excluded   code the app never calls (jsPDF's optional HTML and SVG renderers)
 *
 * The worker's install stores tiers 0 and 1: when it is done the device is ready for offline use in
 * the field. Tier 2 is stored right after, in the background (see sw/service-worker.ts).
 */

export type PrecacheTier = 0 | 1 | 2;

export interface BundleChunk {
  fileName: string;
  isEntry: boolean;
  /** The module the chunk was split off for (a route component, a lazily imported module). */
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  /** CSS files the chunk loads. */
  css: string[];
}

/** Chunks only the sign-in page needs: part of the shell. */
const SIGN_IN = [/\/src\/client\/routes\/login\.tsx/, /\/src\/client\/features\/auth\//];
/** Screens and helpers used at a desk: stored after the field's. */
const DESK = [
  /\/src\/client\/routes\/_app\/(users|settings|analytics)\.tsx/,
  /\/src\/client\/features\/(users|settings|analytics|ai)\//,
  /\/src\/client\/shell\/ai\//,
];
/**
 * The signed-in layout and the start screen: the page loads them itself right after signing in, so
 * the worker stores them last in the install, from the HTTP cache (they are immutable), instead of
 * holding its requests open while the page downloads them.
 */
const LANDING = [/\/src\/client\/routes\/_app\.tsx/, /\/src\/client\/routes\/_app\/index\.tsx/];
/** Optional parts of libraries that FleetPilot never calls: not stored at all. */
const NEVER = [/\/node_modules\/(html2canvas|dompurify|canvg)\//];
/** Files outside the chunk graph that belong to a tier. */
const SHELL_FILES = [/^index\.html$/, /^manifest\.webmanifest$/, /\.(png|svg)$/];
const FIELD_FILES = [/^fonts\/.*\.ttf$/];

const matches = (patterns: RegExp[], id: string | null) => !!id && patterns.some((p) => p.test(id));

export interface PrecachePlan {
  tiers: Map<string, PrecacheTier>;
  excluded: Set<string>;
  /** Files of the signed-in layout and start screen (with what they import): last of their tier. */
  landing: Set<string>;
  /** Position of each chunk in the walk, to keep a stable order inside a tier. */
  rank: Map<string, number>;
}

/** Walks the chunk graph from the entry and assigns every emitted file its tier. */
export function planPrecache(chunks: BundleChunk[]): PrecachePlan {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const tiers = new Map<string, PrecacheTier>();
  const rank = new Map<string, number>();
  const excluded = new Set<string>();

  const assign = (file: string, tier: PrecacheTier) => {
    const known = tiers.get(file);
    if (known === undefined || tier < known) tiers.set(file, tier);
    if (!rank.has(file)) rank.set(file, rank.size);
  };

  // Breadth first: a chunk keeps the lowest tier it is reached with. Static imports always share the
  // importer's tier (they load with it); a dynamic import into a desk screen starts the desk tier.
  const walk = (roots: string[], tier: PrecacheTier) => {
    const queue = [...roots];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const name = queue.shift()!;
      if (seen.has(name)) continue;
      seen.add(name);
      const chunk = byName.get(name);
      if (!chunk) continue;
      assign(name, tier);
      for (const css of chunk.css) assign(css, tier);
      queue.push(...chunk.imports);
      for (const target of chunk.dynamicImports) {
        const facade = byName.get(target)?.facadeModuleId ?? null;
        if (matches(NEVER, facade)) continue;
        if (tier === 2 || !matches(DESK, facade)) queue.push(target);
      }
    }
  };

  const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  // The shell: the entry's static closure, then the sign-in page's.
  const shellRoots = [
    ...entries,
    ...chunks.filter((chunk) => matches(SIGN_IN, chunk.facadeModuleId)).map((chunk) => chunk.fileName),
  ];
  const closure = (roots: string[]) => {
    const result: string[] = [];
    const queue = [...roots];
    while (queue.length > 0) {
      const name = queue.shift()!;
      if (result.includes(name)) continue;
      result.push(name);
      queue.push(...(byName.get(name)?.imports ?? []));
    }
    return result;
  };
  for (const name of closure(shellRoots)) {
    assign(name, 0);
    for (const css of byName.get(name)?.css ?? []) assign(css, 0);
  }
  walk(entries, 1);
  // Whatever the field walk did not reach is stored last, unless nobody ever loads it.
  for (const chunk of chunks) {
    if (tiers.has(chunk.fileName)) continue;
    if (matches(NEVER, chunk.facadeModuleId)) excluded.add(chunk.fileName);
    else walk([chunk.fileName], 2);
  }
  const shell = new Set(closure(shellRoots));
  const landing = new Set<string>();
  const landingRoots = chunks.filter((chunk) => matches(LANDING, chunk.facadeModuleId));
  for (const name of closure(landingRoots.map((chunk) => chunk.fileName))) {
    // The sign-in page's files are loaded (and stored from the HTTP cache) before anyone signs in.
    if (shell.has(name)) continue;
    landing.add(name);
    for (const css of byName.get(name)?.css ?? []) landing.add(css);
  }
  return { tiers, excluded, landing, rank };
}

/** The tier of any emitted file: chunks by the plan, other files by name, desk by default. */
export function tierOf(plan: PrecachePlan, file: string): PrecacheTier {
  const tier = plan.tiers.get(file);
  if (tier !== undefined) return tier;
  if (SHELL_FILES.some((p) => p.test(file))) return 0;
  if (FIELD_FILES.some((p) => p.test(file))) return 1;
  return 2;
}

export interface ManifestEntryLike {
  url: string;
  size: number;
}

/**
 * Orders the precache manifest by tier (shell, field, desk; the walk's order inside a tier), drops the
 * excluded files and keeps each file's size as `bytes`, which the worker uses to weigh its progress,
 * and its `tier`: the worker's install stores tiers 0 and 1 (after which the device counts as ready
 * for offline use) and tier 2 after it.
 */
export function orderManifest<T extends ManifestEntryLike>(
  entries: T[],
  plan: PrecachePlan,
): Array<T & { bytes: number; tier: PrecacheTier }> {
  const key = (entry: T) => {
    const file = entry.url.replace(/^\//, '');
    const tier = tierOf(plan, file);
    // The page's own landing files go after the rest of the install (tiers 0 and 1), not in front of it.
    const slot = tier < 2 && plan.landing.has(file) ? 1.5 : tier;
    return [tier, slot, plan.rank.get(file) ?? Number.MAX_SAFE_INTEGER] as const;
  };
  return entries
    .filter((entry) => !plan.excluded.has(entry.url.replace(/^\//, '')))
    .map((entry) => ({ entry, key: key(entry) }))
    .sort((a, b) => a.key[1] - b.key[1] || a.key[2] - b.key[2])
    .map(({ entry, key }) => ({ ...entry, bytes: entry.size, tier: key[0] }));
}
