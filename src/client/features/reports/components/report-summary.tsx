import { createFormat } from '@/domain/format';
import { Alert, Badge, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checklistLabel } from '@/domain/checklist';
import { checklistSummary, type ChecklistState } from '@/domain/report';
import { currentLanguage } from '@/client/i18n';
import { CHECKLIST_STATE_KEY, type ReportRecord } from '../model';
import type { ExcavatorInfo } from '../use-reports';
import { currentSiteTimeZone } from '@/client/lib/site-time-zone';

const MARK: Record<ChecklistState, ReactNode> = {
  ok: <IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />,
  not_ok: <IconX size={16} color="var(--mantine-color-red-7)" aria-hidden />,
  na: <IconMinus size={16} color="var(--mantine-color-gray-6)" aria-hidden />,
};

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value ?? '–'}</Text>
    </div>
  );
}

export function formatDate(value: string | null | undefined, language: string): string | null {
  if (!value) return null;
  const format = createFormat(language, { timeZone: currentSiteTimeZone() });
  return value.length > 10 ? format.dateTime(value) : format.date(value);
}

export function ChecklistCounts({ report }: { report: ReportRecord }) {
  const { t } = useTranslation();
  const counts = checklistSummary(report.checklist, report.checklistItems);
  return (
    <Group gap={6}>
      <Badge size="sm" color="green" variant="light" leftSection={MARK.ok}>
        {counts.ok}
      </Badge>
      <Badge
        size="sm"
        color="red"
        variant="light"
        leftSection={MARK.not_ok}
        title={t('reports.checklist.states.not_ok')}
      >
        {counts.not_ok}
      </Badge>
      <Badge size="sm" color="gray" variant="light" leftSection={MARK.na}>
        {counts.na}
      </Badge>
      {counts.open > 0 ? (
        // Whole in a narrow table cell ("26 ανοιχτά" was cut).
        <Badge size="sm" color="gray" variant="outline" style={{ minWidth: 'max-content' }}>
          {t('reports.checklist.open', { count: counts.open })}
        </Badge>
      ) : null}
    </Group>
  );
}

/** The report read-only: quick view (compact) or the detailed view / print layout. */
export function ReportSummary({
  report,
  excavator,
  compact = false,
}: {
  report: ReportRecord;
  excavator: ExcavatorInfo | null;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const hours = (value: number | null) => (value === null ? null : createFormat(language).hours(value));
  return (
    <Stack gap="md">
      {report.status === 'rejected' && report.rejectionReason ? (
        <Alert color="red" title={t('reports.rejectedBy', { name: report.rejectedByName ?? '–' })}>
          {report.rejectionReason}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: compact ? 2 : 3 }} spacing="md">
        <Field
          label={t('reports.fields.excavator')}
          value={excavator ? `${excavator.name} (${excavator.model})` : null}
        />
        <Field label={t('reports.fields.serialNumber')} value={excavator?.serialNumber || null} />
        <Field label={t('reports.fields.reportDate')} value={formatDate(report.reportDate, language)} />
        <Field label={t('reports.fields.operatorName')} value={report.operatorName} />
        <Field label={t('reports.fields.managerName')} value={report.managerName} />
        <Field label={t('reports.fields.createdBy')} value={report.createdByName} />
        <Field label={t('reports.fields.operatingHours')} value={hours(report.operatingHours)} />
        <Field
          label={t('reports.fields.fuelLevel')}
          value={report.fuelLevel === null ? null : `${report.fuelLevel} %`}
        />
        <Field
          label={t('reports.fields.hoursUntilNextMaintenance')}
          value={hours(report.hoursUntilNextMaintenance)}
        />
        <Field label={t('reports.fields.serviceDate')} value={formatDate(report.serviceDate, language)} />
        <Field
          label={t('reports.fields.uvvInspectionDate')}
          value={formatDate(report.uvvInspectionDate, language)}
        />
        {report.approvedAt ? (
          <Field
            label={t('reports.fields.approved')}
            value={`${report.approvedByName ?? ''} · ${formatDate(report.approvedAt, language) ?? ''}`}
          />
        ) : null}
      </SimpleGrid>
      <Field label={t('reports.fields.description')} value={report.description} />
      {!compact || report.notes ? <Field label={t('reports.fields.notes')} value={report.notes} /> : null}
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
          {t('reports.form.checklist')}
        </Text>
        <ChecklistCounts report={report} />
      </div>
      {compact ? null : (
        <Stack gap="sm">
          {report.checklistItems.map((category) => (
            <Paper key={category.key} withBorder p="sm" radius="md" className="report-print-block">
              <Title order={3} size="h5" mb={6}>
                {checklistLabel(category, language)}
              </Title>
              <Table verticalSpacing={4} striped layout="fixed">
                <Table.Tbody>
                  {category.items.map((item) => {
                    const answer = report.checklist[category.key]?.[item.key];
                    return (
                      // The note sits under the state: as a third column of a phone's table it got a
                      // few pixels and ran over the card's edge.
                      <Table.Tr key={item.key}>
                        <Table.Td w="45%" style={{ overflowWrap: 'break-word' }}>
                          {checklistLabel(item, language)}
                        </Table.Td>
                        <Table.Td>
                          {answer ? (
                            <Group gap={4} wrap="nowrap">
                              {MARK[answer.state]}
                              <Text size="sm">{t(CHECKLIST_STATE_KEY[answer.state])}</Text>
                            </Group>
                          ) : (
                            <Text size="sm" c="dimmed">
                              {t('reports.checklist.unanswered')}
                            </Text>
                          )}
                          {answer?.note ? (
                            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                              {answer.note}
                            </Text>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Paper>
          ))}
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} className="report-print-block">
        {(['operatorSignature', 'managerSignature'] as const).map((field) => (
          <Paper key={field} withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
              {t(`reports.fields.${field}`)}
            </Text>
            {report[field] ? (
              <Image
                src={report[field]}
                alt={t(`reports.fields.${field}`)}
                h={90}
                w="auto"
                maw="100%"
                fit="contain"
                bg="white"
              />
            ) : (
              <Text c="dimmed" size="sm">
                {t('signature.missing')}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
