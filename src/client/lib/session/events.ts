/** Window events the shell broadcasts (CustomEvent names). */
export const POST_LOGIN_EVENT = 'fleetpilot:post-login';
export const LOGOUT_EVENT = 'fleetpilot:logout';
export const TOGGLE_THEME_EVENT = 'fleetpilot:toggle-theme';
/** The signed-in shell has rendered (each time it mounts): the app starts the offline engine after it. */
export const SHELL_SHOWN_EVENT = 'fleetpilot:shell-shown';
