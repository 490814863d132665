// The dashboard's list of open follow-ups on its own. The dashboard loads it with `import()` once the
// offline engine is ready; through public.ts it brought the rest of the feature along (the follow-up
// form's inputs and photos, the report form's checkboxes): nine more scripts and four style sheets on
// every start of the app.
export { UpcomingFollowUps } from './upcoming-follow-ups';
