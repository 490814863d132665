import {
  IconAdjustmentsHorizontal,
  IconHistory,
  IconToggleRight,
  IconUserCheck,
  type Icon,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { FeatureFlag } from '@/domain/features';
import { ApprovalSection } from './components/approval-section';
import { AuditSection } from './components/audit-section';
import { FeaturesSection } from './components/features-section';
import { GeneralSection } from './components/general-section';

/**
 * One section of the Settings page. Modules with settings of their own (checklists, logbook
 * configuration, drivers/trucks/container types, notifications, AI) add one entry each where the
 * route composes the page (src/client/routes/_app/settings.tsx). A section reads the page's editing
 * context (`useSettingsEditing`: read-only users get no controls), reports unsaved input with
 * `useSectionDirty` (status and leave guard) and may queue its saves with `queueSave` to share
 * the saving/saved status.
 */
export interface SettingsSection {
  /** The anchor: /settings#<id> opens the section. */
  id: string;
  /** i18n key of the section's name (navigation and heading). */
  title: string;
  /** i18n key of the line under the heading. */
  description: string;
  icon: Icon;
  /** Hidden while this flag is off (e.g. container types with `containers`). */
  feature?: FeatureFlag;
  component: ComponentType;
}

/** The sections of the administration issue, in order. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    id: 'general',
    title: 'shell.settings.general',
    description: 'settings.general.description',
    icon: IconAdjustmentsHorizontal,
    component: GeneralSection,
  },
  {
    id: 'approval',
    title: 'settings.approval.title',
    description: 'settings.approval.description',
    icon: IconUserCheck,
    component: ApprovalSection,
  },
  {
    id: 'features',
    title: 'shell.settings.features',
    description: 'settings.features.description',
    icon: IconToggleRight,
    component: FeaturesSection,
  },
  {
    id: 'audit',
    title: 'audit.title',
    description: 'audit.description',
    icon: IconHistory,
    component: AuditSection,
  },
];
