CREATE TABLE "email_templates" (
	"name" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"action" text NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_name_locale_pk" PRIMARY KEY("name","locale")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"appstore" smallint NOT NULL,
	"type" smallint NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_appstore_type_pk" PRIMARY KEY("appstore","type")
);
--> statement-breakpoint
-- Hand-written: the price list and the plans' prices move from code (plans.data.ts) to the database, seeded
-- with the values the code had; then staff edit them (PUT products). Plans are kept by the start-up seed.
INSERT INTO "products" ("appstore", "type", "price") VALUES
  (1, 1, 0.12),
  (1, 2, 0.16),
  (1, 4, 0.15),
  (1, 5, 2.50),
  (1, 6, 0.30),
  (1, 7, 1.00),
  (1, 8, 0.01),
  (2, 1, 0.25),
  (2, 2, 0.30),
  (2, 4, 0.30),
  (2, 5, 3.50),
  (2, 6, 0.45),
  (2, 7, 1.50),
  (2, 8, 0.02) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "price_plans" ("id", "name", "threshold", "discount", "is_reseller", "sort") VALUES
  (1, 'Base', 0, 0, false, 1),
  (2, 'Bronze', 1000, 5, false, 2),
  (3, 'Silver', 3000, 10, false, 3),
  (4, 'Gold', 7000, 15, false, 4),
  (5, 'Platinum', 15000, 20, false, 5),
  (6, 'Diamond', 30000, 25, false, 6),
  (7, 'VIP', 60000, 30, false, 7),
  (8, 'Reseller Base', 1000, 20, true, 8),
  (9, 'Reseller Gold', 15000, 35, true, 9) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A plan's price is the base price less its discount (CPI is ad spend: no discount), as the code computed it.
INSERT INTO "plan_prices" ("plan_id", "appstore", "type", "price")
  SELECT pp.id, p.appstore, p.type,
    CASE WHEN p.type = 4 THEN p.price ELSE p.price - round(p.price * pp.discount / 100, 4) END
  FROM "price_plans" pp CROSS JOIN "products" p
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Hand-written: the texts of the mails, as the code had them (modules/mail/mail.templates.ts), and the new
-- payment-credited mail.
INSERT INTO "email_templates" ("name", "locale", "subject", "body", "action", "footer") VALUES
  ('verify', 'en-US', 'Confirm your e-mail for Storelift', E'Hello, {{name}}!\n\nThank you for signing up. Confirm your e-mail address to activate your account.', 'Confirm e-mail', 'The link is valid for 48 hours. If you did not sign up, ignore this message.'),
  ('verify', 'es-ES', 'Confirma tu correo para Storelift', E'¡Hola, {{name}}!\n\nGracias por registrarte. Confirma tu dirección de correo para activar tu cuenta.', 'Confirmar correo', 'El enlace es válido durante 48 horas. Si no te registraste, ignora este mensaje.'),
  ('verify', 'uk-UA', 'Підтвердьте e-mail для Storelift', E'Вітаємо, {{name}}!\n\nДякуємо за реєстрацію. Підтвердьте адресу e-mail, щоб активувати обліковий запис.', 'Підтвердити e-mail', 'Посилання дійсне 48 годин. Якщо ви не реєструвалися, проігноруйте цей лист.'),
  ('verify', 'ru-RU', 'Подтвердите e-mail для Storelift', E'Здравствуйте, {{name}}!\n\nСпасибо за регистрацию. Подтвердите адрес e-mail, чтобы активировать учётную запись.', 'Подтвердить e-mail', 'Ссылка действительна 48 часов. Если вы не регистрировались, проигнорируйте это письмо.'),
  ('reset', 'en-US', 'Reset your Storelift password', E'Hello, {{name}}!\n\nWe received a request to reset your password. Choose a new one with the link below.', 'Reset password', 'The link is valid for 60 minutes. If you did not ask for it, ignore this message.'),
  ('reset', 'es-ES', 'Restablece tu contraseña de Storelift', E'¡Hola, {{name}}!\n\nHemos recibido una solicitud para restablecer tu contraseña. Elige una nueva con el enlace.', 'Restablecer contraseña', 'El enlace es válido durante 60 minutos. Si no lo solicitaste, ignora este mensaje.'),
  ('reset', 'uk-UA', 'Скидання пароля Storelift', E'Вітаємо, {{name}}!\n\nМи отримали запит на скидання пароля. Оберіть новий пароль за посиланням нижче.', 'Скинути пароль', 'Посилання дійсне 60 хвилин. Якщо ви не надсилали запит, проігноруйте цей лист.'),
  ('reset', 'ru-RU', 'Сброс пароля Storelift', E'Здравствуйте, {{name}}!\n\nМы получили запрос на сброс пароля. Выберите новый пароль по ссылке ниже.', 'Сбросить пароль', 'Ссылка действительна 60 минут. Если вы не запрашивали сброс, проигнорируйте это письмо.'),
  ('payment-credited', 'en-US', 'Your payment of {{amount}} is credited', E'Hello, {{name}}!\n\nYour payment of {{amount}} via {{paysystem}} has been credited to your main balance. Payment bonus: {{bonus}}.', 'My transactions', 'Thank you for choosing Storelift.'),
  ('payment-credited', 'es-ES', 'Tu pago de {{amount}} se ha acreditado', E'¡Hola, {{name}}!\n\nTu pago de {{amount}} con {{paysystem}} se ha acreditado en tu saldo principal. Bono de pago: {{bonus}}.', 'Mis transacciones', 'Gracias por elegir Storelift.'),
  ('payment-credited', 'uk-UA', 'Ваш платіж {{amount}} зараховано', E'Вітаємо, {{name}}!\n\nВаш платіж {{amount}} через {{paysystem}} зараховано на основний баланс. Бонус за оплату: {{bonus}}.', 'Мої транзакції', 'Дякуємо, що обрали Storelift.'),
  ('payment-credited', 'ru-RU', 'Ваш платёж {{amount}} зачислен', E'Здравствуйте, {{name}}!\n\nВаш платёж {{amount}} через {{paysystem}} зачислен на основной баланс. Бонус за оплату: {{bonus}}.', 'Мои транзакции', 'Спасибо, что выбрали Storelift.') ON CONFLICT DO NOTHING;
