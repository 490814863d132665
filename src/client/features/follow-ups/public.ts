// What other features may use of follow-ups: the lists they embed (an excavator's quick view, a report's
// detail and form). The dashboard's list loads on its own from public-upcoming.ts. Everything else in
// this folder is internal: the lint zones in eslint.config.js let other features import these two only.
export { FollowUpsSection } from './follow-ups-section';
export { ReportFollowUps } from './report-follow-ups';
export { ResolveFollowUpsField } from './resolve-follow-ups-field';
