import { TOKEN_STORAGE_KEY } from './constants';

/**
 * The page's one inline script, shared by the build that writes it into index.html and the server
 * whose content security policy allows it by its hash.
 *
 * With a stored session it adds `modulepreload` links for the routed app's files (and `preload` links
 * for their styles) while the page is still being parsed, so they download beside the boot file rather
 * than after it. The files change with every build, so they are not in the script: the build lists
 * them in a JSON block (`SESSION_PRELOAD_LIST_ID`), which the browser never runs. The script's text
 * therefore stays the same from build to build, and so does its hash: a page the service worker kept
 * from an older build is allowed by a newer server's policy, and the other way round.
 */
export const SESSION_PRELOAD_LIST_ID = 'session-preload';

/**
 * Every link the script adds carries this attribute, so a test can tell them from Vite's own. The links
 * are CORS requests (`crossOrigin`), as the module scripts and Vite's style links that use them are:
 * otherwise the browser would not reuse what they fetched.
 */
export const SESSION_PRELOAD_MARK = 'data-session-preload';

export const SESSION_PRELOAD_SCRIPT =
  `try{if(localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}))` +
  `for(const[r,h]of JSON.parse(document.getElementById(${JSON.stringify(SESSION_PRELOAD_LIST_ID)}).textContent)){` +
  `const l=document.createElement("link");l.rel=r;if(r==="preload")l.as="style";l.crossOrigin="";l.href=h;` +
  `l.setAttribute(${JSON.stringify(SESSION_PRELOAD_MARK)},"");document.head.appendChild(l)}}catch(e){}`;
