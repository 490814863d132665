import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileImport, IconPlus, IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InventoryExportFormat } from '@/domain/inventory';

interface HeaderActionsProps {
  canWrite: boolean;
  exporting: boolean;
  onCreate: () => void;
  onImport: () => void;
  onTags: () => void;
  onExport: (format: InventoryExportFormat) => void;
}

/** New item, import, tag manager (admin, manager) and export (everyone). */
export function HeaderActions({
  canWrite,
  exporting,
  onCreate,
  onImport,
  onTags,
  onExport,
}: HeaderActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            mih={44}
            loading={exporting}
            leftSection={<IconDownload size={18} />}
            rightSection={<IconChevronDown size={14} />}
          >
            {t('inventory.export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onExport('csv')}>{t('inventory.export.csv')}</Menu.Item>
          <Menu.Item onClick={() => onExport('xlsx')}>{t('inventory.export.xlsx')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {canWrite ? (
        <>
          <Button variant="default" mih={44} leftSection={<IconTags size={18} />} onClick={onTags}>
            {t('inventory.tags.button')}
          </Button>
          <Button variant="default" mih={44} leftSection={<IconFileImport size={18} />} onClick={onImport}>
            {t('inventory.import.button')}
          </Button>
          <Button mih={44} leftSection={<IconPlus size={18} />} onClick={onCreate}>
            {t('inventory.actions.new')}
          </Button>
        </>
      ) : null}
    </>
  );
}
