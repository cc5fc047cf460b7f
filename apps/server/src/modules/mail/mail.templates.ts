import type { Locale } from '@storelift/shared';
import { escapeHtml } from '../../lib/html.js';

interface Template {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  footer: string;
}

type TemplateName = 'verify' | 'reset' | 'password-changed';

/** Texts of the account e-mails in every interface language. */
const TEMPLATES: Record<TemplateName, Record<Locale, Template>> = {
  verify: {
    'en-US': {
      subject: 'Confirm your e-mail for Storelift',
      greeting: (name) => `Hello, ${name}!`,
      body: 'Thank you for signing up. Confirm your e-mail address to activate your account.',
      action: 'Confirm e-mail',
      footer: 'The link is valid for 48 hours. If you did not sign up, ignore this message.',
    },
    'es-ES': {
      subject: 'Confirma tu correo para Storelift',
      greeting: (name) => `¡Hola, ${name}!`,
      body: 'Gracias por registrarte. Confirma tu dirección de correo para activar tu cuenta.',
      action: 'Confirmar correo',
      footer: 'El enlace es válido durante 48 horas. Si no te registraste, ignora este mensaje.',
    },
    'uk-UA': {
      subject: 'Підтвердьте e-mail для Storelift',
      greeting: (name) => `Вітаємо, ${name}!`,
      body: 'Дякуємо за реєстрацію. Підтвердьте адресу e-mail, щоб активувати обліковий запис.',
      action: 'Підтвердити e-mail',
      footer: 'Посилання дійсне 48 годин. Якщо ви не реєструвалися, проігноруйте цей лист.',
    },
    'ru-RU': {
      subject: 'Подтвердите e-mail для Storelift',
      greeting: (name) => `Здравствуйте, ${name}!`,
      body: 'Спасибо за регистрацию. Подтвердите адрес e-mail, чтобы активировать учётную запись.',
      action: 'Подтвердить e-mail',
      footer: 'Ссылка действительна 48 часов. Если вы не регистрировались, проигнорируйте это письмо.',
    },
  },
  reset: {
    'en-US': {
      subject: 'Reset your Storelift password',
      greeting: (name) => `Hello, ${name}!`,
      body: 'We received a request to reset your password. Choose a new one with the link below.',
      action: 'Reset password',
      footer: 'The link is valid for 60 minutes. If you did not ask for it, ignore this message.',
    },
    'es-ES': {
      subject: 'Restablece tu contraseña de Storelift',
      greeting: (name) => `¡Hola, ${name}!`,
      body: 'Hemos recibido una solicitud para restablecer tu contraseña. Elige una nueva con el enlace.',
      action: 'Restablecer contraseña',
      footer: 'El enlace es válido durante 60 minutos. Si no lo solicitaste, ignora este mensaje.',
    },
    'uk-UA': {
      subject: 'Скидання пароля Storelift',
      greeting: (name) => `Вітаємо, ${name}!`,
      body: 'Ми отримали запит на скидання пароля. Оберіть новий пароль за посиланням нижче.',
      action: 'Скинути пароль',
      footer: 'Посилання дійсне 60 хвилин. Якщо ви не надсилали запит, проігноруйте цей лист.',
    },
    'ru-RU': {
      subject: 'Сброс пароля Storelift',
      greeting: (name) => `Здравствуйте, ${name}!`,
      body: 'Мы получили запрос на сброс пароля. Выберите новый пароль по ссылке ниже.',
      action: 'Сбросить пароль',
      footer: 'Ссылка действительна 60 минут. Если вы не запрашивали сброс, проигнорируйте это письмо.',
    },
  },
  'password-changed': {
    'en-US': {
      subject: 'Your Storelift password was changed',
      greeting: (name) => `Hello, ${name}!`,
      body: 'The password of your account was changed, and every other session was signed out.',
      action: 'Not you? Reset your password',
      footer: 'If you changed it yourself, there is nothing to do.',
    },
    'es-ES': {
      subject: 'Se cambió tu contraseña de Storelift',
      greeting: (name) => `¡Hola, ${name}!`,
      body: 'Se cambió la contraseña de tu cuenta y se cerraron todas las demás sesiones.',
      action: '¿No fuiste tú? Restablece tu contraseña',
      footer: 'Si la cambiaste tú, no tienes que hacer nada.',
    },
    'uk-UA': {
      subject: 'Пароль Storelift змінено',
      greeting: (name) => `Вітаємо, ${name}!`,
      body: 'Пароль вашого облікового запису змінено, усі інші сеанси завершено.',
      action: 'Це були не ви? Скиньте пароль',
      footer: 'Якщо ви змінили його самі, нічого робити не потрібно.',
    },
    'ru-RU': {
      subject: 'Пароль Storelift изменён',
      greeting: (name) => `Здравствуйте, ${name}!`,
      body: 'Пароль вашей учётной записи изменён, все остальные сеансы завершены.',
      action: 'Это были не вы? Сбросьте пароль',
      footer: 'Если вы изменили его сами, ничего делать не нужно.',
    },
  },
};

/** Renders an account e-mail in the user's language with its one action link. */
export function renderMail(name: TemplateName, locale: Locale, vars: { name: string; link: string }) {
  const t = TEMPLATES[name][locale];
  const greeting = t.greeting(vars.name);
  return {
    subject: t.subject,
    text: `${greeting}\n\n${t.body}\n\n${t.action}: ${vars.link}\n\n${t.footer}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(vars.link)}">${escapeHtml(t.action)}</a></p><p style="color:#666">${escapeHtml(t.footer)}</p>`,
  };
}

export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];
