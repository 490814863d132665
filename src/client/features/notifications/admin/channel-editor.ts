import type { NotificationChannelsView } from '@/domain/notification-channels';
import type { ChannelForm, FieldErrors, SecretField } from './channel-form';

/** What every channel card of the admin section edits with: the stored view, the form and its errors. */
export interface ChannelEditorProps {
  view: NotificationChannelsView;
  form: ChannelForm;
  /** The form as last loaded or saved: a card marks itself unsaved against it. */
  saved: ChannelForm;
  /** Applies a change to the form (and clears the last save error). */
  update: (patch: (current: ChannelForm) => ChannelForm) => void;
  errors: FieldErrors;
  readOnly: boolean;
}

/** What the server says about one stored secret (set or not, a masked hint for URLs). */
export function secretStateOf(view: NotificationChannelsView, field: SecretField) {
  switch (field) {
    case 'email.password':
      return view.email.password;
    case 'webhook.secret':
      return view.webhook.secret;
    case 'slack.url':
      return view.slack.url;
    case 'teams.url':
      return view.teams.url;
    case 'discord.url':
      return view.discord.url;
    case 'webhook.url':
      return view.webhook.url;
  }
}
