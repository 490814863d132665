import { ActionIcon, Menu, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconLanguage, IconListDetails, IconPencil, IconSparkles } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_MAX_TEXT_CHARS, AI_TONES } from '@/domain/ai';
import { LANGUAGES } from '@/domain/constants';
import type { AiAssistAction } from './ai-helpers-api';
import { AssistPreview } from './assist-preview';
import { useAiAvailability } from './use-ai-availability';
import { AI_LANGUAGE_KEY, AI_REASON_KEY, AI_TONE_KEY } from './labels';

export interface AiTextAssistProps {
  /** The field's current text; it is what the helpers work on. */
  value: string;
  /** Called with the suggestion once the user accepts it; the field keeps its text until then. */
  onAccept: (next: string) => void;
  /** The field itself is disabled or read-only. */
  disabled?: boolean;
}

/**
 * The AI menu next to a free-text field: summarise, rewrite in a tone, translate
 * into en/de/bg/gr. The answer is shown as a preview the user accepts or discards. Hidden for roles
 * that may not use the helpers; disabled, with the reason as tooltip, while offline, not configured,
 * switched off or the `ai` flag is off.
 */
export function AiTextAssist({ value, onAccept, disabled = false }: AiTextAssistProps) {
  const { t } = useTranslation();
  const { allowed, reason } = useAiAvailability(value);
  const [action, setAction] = useState<AiAssistAction | null>(null);
  const [source, setSource] = useState('');
  const [menuOpen, setMenuOpen] = useState(false);
  const reasonId = useId();
  if (!allowed) return null;

  const off = disabled || reason !== null;
  const reasonText = reason ? t(AI_REASON_KEY[reason], { max: AI_MAX_TEXT_CHARS }) : null;
  const start = (next: AiAssistAction) => {
    setSource(value);
    setAction(next);
  };

  return (
    <>
      <Menu
        position="bottom-end"
        withinPortal
        shadow="md"
        disabled={off}
        opened={menuOpen && !off}
        onChange={setMenuOpen}
      >
        <Menu.Target>
          <Tooltip
            label={reasonText ?? t('ai.assist.label')}
            withArrow
            openDelay={200}
            // Not over the open menu's items.
            disabled={menuOpen}
          >
            <ActionIcon
              variant="subtle"
              color="violet"
              size="lg"
              aria-label={t('ai.assist.label')}
              aria-describedby={reasonText ? reasonId : undefined}
              // Not the `disabled` attribute: a disabled button gets no hover or focus, so the tooltip
              // with the reason could not show.
              data-disabled={off || undefined}
              aria-disabled={off}
              data-testid="ai-assist-button"
            >
              <IconSparkles size={18} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconListDetails size={16} />} onClick={() => start({ kind: 'summarize' })}>
            {t('ai.assist.summarize')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>{t('ai.assist.rewrite')}</Menu.Label>
          {AI_TONES.map((tone) => (
            <Menu.Item
              key={tone}
              leftSection={<IconPencil size={16} />}
              onClick={() => start({ kind: 'rewrite', tone })}
            >
              {t(AI_TONE_KEY[tone])}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Label>{t('ai.assist.translate')}</Menu.Label>
          {LANGUAGES.map((language) => (
            <Menu.Item
              key={language}
              leftSection={<IconLanguage size={16} />}
              onClick={() => start({ kind: 'translate', targetLanguage: language })}
            >
              {t(AI_LANGUAGE_KEY[language])}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {reasonText && <VisuallyHidden id={reasonId}>{reasonText}</VisuallyHidden>}
      {action && (
        <AssistPreview
          action={action}
          text={source}
          onAccept={(next) => {
            setAction(null);
            onAccept(next);
          }}
          onDiscard={() => setAction(null)}
        />
      )}
    </>
  );
}
