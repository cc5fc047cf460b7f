import { useState } from 'react';
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A password input with a show/hide button (lighter than Mantine's PasswordInput on the sign-in page). */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'rightSection'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const label = visible ? t('password.hide') : t('password.show');
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      rightSection={
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          // Like Mantine's PasswordInput: out of the tab order and hidden from assistive technology,
          // so the field's own label stays the only "Password" on the page.
          aria-hidden
          tabIndex={-1}
          title={label}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <IconEyeOff size={16} stroke={1.6} /> : <IconEye size={16} stroke={1.6} />}
        </ActionIcon>
      }
    />
  );
}
