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
/** Optional parts of libraries that FleetPilot never calls: not stored at all. */
const NEVER = [/\/node_modules\/(html2canvas|dompurify|canvg)\//];
/** Files outside the chunk graph that belong to a tier. */
const SHELL_FILES = [/^index\.html$/, /^manifest\.webmanifest$/, /\.(png|svg)$/];
const FIELD_FILES = [/^fonts\/.*\.ttf$/];

const matches = (patterns: RegExp[], id: string | null) => !!id && patterns.some((p) => p.test(id));

export interface PrecachePlan {
  tiers: Map<string, PrecacheTier>;
  excluded: Set<string>;
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
  return { tiers, excluded, rank };
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
 * excluded files and keeps each file's size as `bytes`, which the worker uses to weigh its progress.
 */
export function orderManifest<T extends ManifestEntryLike>(
  entries: T[],
  plan: PrecachePlan,
): Array<T & { bytes: number }> {
  const key = (entry: T) => {
    const file = entry.url.replace(/^\//, '');
    return [tierOf(plan, file), plan.rank.get(file) ?? Number.MAX_SAFE_INTEGER] as const;
  };
  return entries
    .filter((entry) => !plan.excluded.has(entry.url.replace(/^\//, '')))
    .map((entry) => ({ entry, key: key(entry) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1])
    .map(({ entry }) => ({ ...entry, bytes: entry.size }));
}
