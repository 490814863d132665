import { API_BASE, AUTH_TOKEN_HEADER, TOKEN_STORAGE_KEY } from './constants';
import { EARLY_REQUESTS, EARLY_REQUESTS_GLOBAL } from './early-requests';

/**
 * The page's one inline script, shared by the build that writes it into index.html and the server
 * whose content security policy allows it by its hash.
 *
 * While the page is still being parsed it adds `modulepreload` links (and `preload` links for their
 * styles) for the files the first screen will import once the entry has run, so they download beside
 * the entry rather than after it: with a stored session the routed app's files, without one the
 * sign-in page's. The files change with every build, so they are not in the script: the build lists
 * them in a JSON block (`SESSION_PRELOAD_LIST_ID`, shaped as `PreloadLists`), which the browser never
 * runs. The script's text therefore stays the same from build to build, and so does its hash.
 *
 * With a stored session it also asks the server for what a first visit's first screen waits for, the
 * signed-in user and the settings (`EARLY_REQUESTS` in `early-requests.ts`), beside those files:
 * otherwise they were asked for only once the entry had downloaded and run, a round trip more before
 * the first screen. The app takes each answer once, in place of its own first request for that path
 * (`apiFetch`).
 */
export const SESSION_PRELOAD_LIST_ID = 'session-preload';

/** A link the script adds: a module script, or a style sheet (`preload` as a style). */
export type PreloadLink = [rel: 'modulepreload' | 'preload', href: string];

/** The JSON block's content: the links for each kind of first screen. */
export interface PreloadLists {
  /** With a stored session: the routed app. */
  session: PreloadLink[];
  /** Without one: the sign-in page. */
  signIn: PreloadLink[];
}

/**
 * Every link the script adds carries this attribute, so a test can tell them from Vite's own. The links
 * are CORS requests (`crossOrigin`), as the module scripts and Vite's style links that use them are:
 * otherwise the browser would not reuse what they fetched.
 */
export const SESSION_PRELOAD_MARK = 'data-session-preload';

/**
 * The requests for `paths`, each with the headers `apiFetch` sends with a GET: its answer is the one the
 * app would have had.
 */
const early = (paths: readonly string[]) =>
  `const q=window[${JSON.stringify(EARLY_REQUESTS_GLOBAL)}]={};` +
  `for(const p of ${JSON.stringify(paths)}){` +
  `const f=fetch(${JSON.stringify(API_BASE)}+p,{headers:{Accept:"application/json",${JSON.stringify(AUTH_TOKEN_HEADER)}:t}});` +
  `f.catch(()=>{});q[p]={token:t,response:f}}`;

const link =
  `const l=document.createElement("link");l.rel=r;if(r==="preload")l.as="style";l.crossOrigin="";l.href=h;` +
  `l.setAttribute(${JSON.stringify(SESSION_PRELOAD_MARK)},"");document.head.appendChild(l)`;

/** The script with the early requests for `paths`. */
const withEarlyRequests = (paths: readonly string[]) =>
  `try{const t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)});if(t){${early(paths)}}` +
  `for(const[r,h]of JSON.parse(document.getElementById(${JSON.stringify(SESSION_PRELOAD_LIST_ID)}).textContent)[t?"session":"signIn"]){` +
  `${link}}}catch(e){}`;

export const SESSION_PRELOAD_SCRIPT = withEarlyRequests(EARLY_REQUESTS);

/**
 * The script as builds wrote it when it asked for the user alone. A page a service worker stored from
 * such a build may still be opened after the server was updated, so the policy allows this text too.
 */
const SESSION_PRELOAD_SCRIPT_USER_ONLY = withEarlyRequests(['/auth/me']);

/**
 * The script as builds wrote it before it made the early requests. A page a service worker stored
 * from such a build may still be opened after the server was updated, so the policy allows this text
 * too (the app then makes its own first requests, as it did then).
 */
const SESSION_PRELOAD_SCRIPT_LINKS_ONLY =
  `try{const k=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})?"session":"signIn";` +
  `for(const[r,h]of JSON.parse(document.getElementById(${JSON.stringify(SESSION_PRELOAD_LIST_ID)}).textContent)[k]){` +
  `${link}}}catch(e){}`;

/**
 * The script as builds wrote it before it had a list for the sign-in page (one list, used only with a
 * session). A page a service worker stored from such a build may still be opened after the server
 * was updated, so the policy allows this text too; it only ever adds links from its own page's list.
 */
const SESSION_PRELOAD_SCRIPT_SESSION_ONLY =
  `try{if(localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}))` +
  `for(const[r,h]of JSON.parse(document.getElementById(${JSON.stringify(SESSION_PRELOAD_LIST_ID)}).textContent)){` +
  `${link}}}catch(e){}`;

/** Every text of the script the server's policy allows: the current one first. */
export const SESSION_PRELOAD_SCRIPTS = [
  SESSION_PRELOAD_SCRIPT,
  SESSION_PRELOAD_SCRIPT_USER_ONLY,
  SESSION_PRELOAD_SCRIPT_LINKS_ONLY,
  SESSION_PRELOAD_SCRIPT_SESSION_ONLY,
] as const;
