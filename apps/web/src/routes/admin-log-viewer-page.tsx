import 'mantine-datatable/styles.css';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBug, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuditLogTable } from '../features/audit/components/audit-log-table';
import { ServerErrorsTable } from '../features/operations/components/server-errors-table';

/**
 * /admin/log-viewer (the log-viewer module; admin by default): the audit log of staff changes, and the
 * server's own error log as a second tab.
 */
export function AdminLogViewerPage() {
  const { t } = useTranslation('access');
  const { t: to } = useTranslation('operations');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('audit.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('audit.subtitle')}
        </Text>
      </div>
      <Tabs defaultValue="audit" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="audit" leftSection={<IconHistory size={16} />}>
            {t('audit.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="errors" leftSection={<IconBug size={16} />}>
            {to('errors.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="audit" pt="md">
          <AuditLogTable />
        </Tabs.Panel>
        <Tabs.Panel value="errors" pt="md">
          <ServerErrorsTable />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
