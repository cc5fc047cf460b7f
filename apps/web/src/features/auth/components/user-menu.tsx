import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconChevronDown,
  IconCopy,
  IconLogout,
  IconMoon,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useThemeToggle } from '../../../components/theme-toggle';
import { copyToClipboard } from '../../../lib/clipboard';
import { initials } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { logout } from '../api/auth';

/** The header's account menu: who is signed in (with their avatar), My profile, copy the user id, theme, sign out. */
export function UserMenu() {
  const { t } = useTranslation('app');
  const { t: tr } = useTranslation();
  const { user } = useSession();
  const theme = useThemeToggle();
  const name = user?.nickname ?? '';

  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        {/* Named by what it shows, after a hidden "Account menu" (axe: the name holds the visible text). */}
        <UnstyledButton data-testid="user-menu">
          <VisuallyHidden>{t('userMenu.open')}</VisuallyHidden>
          <Group gap={8} wrap="nowrap">
            {/* Decorative: the button is named by the nickname beside it. */}
            <Avatar
              color="indigo"
              radius="xl"
              size={32}
              src={user?.avatar}
              alt=""
              data-testid="header-avatar"
            >
              {initials(name || user?.email || '')}
            </Avatar>
            <Box visibleFrom="sm" style={{ lineHeight: 1.1 }}>
              <Text size="sm" fw={600} truncate maw={160}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate maw={160}>
                {user?.email}
              </Text>
            </Box>
            <IconChevronDown size={14} stroke={1.6} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.email}</Menu.Label>
        <Menu.Item component={Link} to="/my-profile" leftSection={<IconUserCircle size={16} stroke={1.6} />}>
          {t('userMenu.profile')}
        </Menu.Item>
        {user && (
          <Menu.Item
            leftSection={<IconCopy size={16} stroke={1.6} />}
            onClick={() => void copyToClipboard(String(user.id), t('userMenu.userId'))}
          >
            {t('userMenu.copyId', { id: user.id })}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={theme.dark ? <IconSun size={16} stroke={1.6} /> : <IconMoon size={16} stroke={1.6} />}
          onClick={theme.toggle}
        >
          {theme.dark ? tr('theme.light') : tr('theme.dark')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} stroke={1.6} />}
          onClick={() => void logout()}
        >
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
