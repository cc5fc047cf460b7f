import type { ReactNode } from 'react';
import { Anchor, Box, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartLine, IconDeviceMobile, IconStarFilled } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { LanguageSwitch } from '../../features/auth/components/language-switch';
import classes from './public-layout.module.css';

function BrandPanel() {
  const { t } = useTranslation();
  const points = [
    { icon: IconDeviceMobile, text: t('brand.point1') },
    { icon: IconChartLine, text: t('brand.point2') },
    { icon: IconStarFilled, text: t('brand.point3') },
  ];
  return (
    <Stack gap="lg" visibleFrom="md" pr="xl">
      <Title order={1} fz={34} lh={1.2}>
        {t('brand.headline')}
      </Title>
      <Text c="dimmed" size="lg">
        {t('brand.lead')}
      </Text>
      <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {points.map(({ icon: Icon, text }) => (
          <li key={text} className={classes.point}>
            <span className={classes.pointIcon} aria-hidden="true">
              <Icon size={18} stroke={1.6} />
            </span>
            <Text>{text}</Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** The frame of pages seen without signing in: logo, language and theme, content, footer links. */
export function PublicLayout({
  children,
  width = 440,
  withBrand = false,
  card = true,
}: {
  children: ReactNode;
  width?: number;
  /** Adds the product pitch beside the content on wide screens (sign-in, sign-up). */
  withBrand?: boolean;
  /** Wraps the content in a card (forms) or not (long texts). */
  card?: boolean;
}) {
  const { t } = useTranslation();
  const content = card ? (
    <div className={classes.card} style={{ maxWidth: width }}>
      {children}
    </div>
  ) : (
    <Box w="100%" maw={width} mx="auto">
      {children}
    </Box>
  );
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }} bg="var(--mantine-color-body)">
      <Box component="header" className={classes.frame} py="md">
        <Group justify="space-between">
          <Anchor component={Link} to="/login" underline="never" c="inherit" aria-label="Storelift">
            <Logo />
          </Anchor>
          <Group gap="xs">
            <LanguageSwitch />
            <ThemeToggle />
          </Group>
        </Group>
      </Box>
      <Box component="main" className={classes.frame} py={{ base: 'md', sm: 'xl' }} style={{ flex: 1 }}>
        {withBrand ? (
          <div className={classes.split}>
            <BrandPanel />
            {content}
          </div>
        ) : (
          content
        )}
      </Box>
      <Box component="footer" className={classes.frame} py="lg">
        <Group justify="center" gap="lg">
          <Anchor component={Link} to="/terms" size="sm" c="dimmed">
            {t('footer.terms')}
          </Anchor>
          <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
            {t('footer.privacy')}
          </Anchor>
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Storelift
          </Text>
        </Group>
      </Box>
    </Box>
  );
}
