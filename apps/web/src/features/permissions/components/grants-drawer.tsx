import { useState } from 'react';
import { Button, Checkbox, Drawer, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RoleGrants, RoleRow } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { PageLoader } from '../../../components/page-loader';
import { ListError } from '../../../components/paged-table';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { grantsQueryOptions, useSaveGrants } from '../api/roles';

/** The grants matrix of a role (staff-admin §2): every module, and its functions under it, granted or not. */
export function GrantsDrawer({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation('access');
  const { t: ta } = useTranslation('app');
  const grants = useQuery({ ...grantsQueryOptions(role?.id ?? 0), enabled: role !== null });
  return (
    <Drawer
      opened={role !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('grants.title', { name: role?.name ?? '' })}
      closeButtonProps={{ 'aria-label': ta('actions.close') }}
      data-testid="grants-drawer"
    >
      <ListError error={grants.error} onRetry={() => void grants.refetch()} />
      {grants.isPending && role !== null && <PageLoader />}
      {grants.data && <GrantsForm key={grants.dataUpdatedAt} grants={grants.data} onClose={onClose} />}
    </Drawer>
  );
}

function idsOf(items: { id: number; granted: boolean }[]) {
  return new Set(items.filter((item) => item.granted).map((item) => item.id));
}

function toggled(set: Set<number>, id: number, on: boolean) {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

function GrantsForm({ grants, onClose }: { grants: RoleGrants; onClose: () => void }) {
  const { t } = useTranslation('access');
  const { t: ta } = useTranslation('app');
  const [modules, setModules] = useState(() => idsOf(grants.modules));
  const [functions, setFunctions] = useState(() =>
    idsOf(grants.modules.flatMap((module) => module.functions)),
  );
  const save = useSaveGrants();
  // The server keeps the Roles module for the admin role (no lock-out); the box says so rather than fail.
  const locked = (permission: string) => grants.role.name === 'admin' && permission === 'roles';

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { id: grants.role.id, body: { modules: [...modules], functions: [...functions] } },
          {
            onSuccess: (answer) => {
              notifySuccess(translateMessage(answer.message ?? ''));
              onClose();
            },
            onError: showApiError,
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('grants.lead')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {grants.modules.map((module) => (
            <Paper
              key={module.id}
              withBorder
              radius="md"
              p="sm"
              data-testid={`grants-module-${module.permission_name}`}
            >
              <Checkbox
                label={module.name}
                description={
                  locked(module.permission_name) ? t('grants.adminKeepsRoles') : module.permission_name
                }
                checked={modules.has(module.id)}
                disabled={locked(module.permission_name)}
                onChange={(event) => setModules(toggled(modules, module.id, event.currentTarget.checked))}
              />
              {module.functions.length > 0 && (
                <Stack
                  gap={6}
                  mt="sm"
                  pl="lg"
                  role="group"
                  aria-label={t('grants.functionsOf', { name: module.name })}
                >
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                    {t('grants.functions')}
                  </Text>
                  {module.functions.map((fn) => (
                    <Checkbox
                      key={fn.id}
                      size="xs"
                      label={fn.name}
                      description={fn.permission_name}
                      checked={functions.has(fn.id)}
                      onChange={(event) =>
                        setFunctions(toggled(functions, fn.id, event.currentTarget.checked))
                      }
                    />
                  ))}
                </Stack>
              )}
            </Paper>
          ))}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)">
          <Button variant="default" onClick={onClose}>
            {ta('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="grants-save">
            {t('grants.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
