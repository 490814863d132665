// What other features may use of follow-ups: the lists they embed (the dashboard's maintenance tile, an
// excavator's quick view, a report's detail and form). Everything else in this folder is internal, and
// the lint zones in eslint.config.js let other features import this file only.
export { FollowUpsSection } from './follow-ups-section';
export { ReportFollowUps } from './report-follow-ups';
export { ResolveFollowUpsField } from './resolve-follow-ups-field';
export { UpcomingFollowUps } from './upcoming-follow-ups';
