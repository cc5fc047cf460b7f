import type { CPI_LANGUAGES } from '@storelift/shared';

/**
 * The built-in texts `GET reviews/common` draws its random packs from: per language, reviews for a good
 * rating (4-5), a middling one (3) and a poor one (1-2). Texts are written without the author's grammatical
 * gender where the language has one; an entry that needs it names it in `gender`.
 */
export interface PoolReview {
  title: string;
  body: string;
  gender?: 'male' | 'female';
}
export type Mood = 'good' | 'fair' | 'poor';
export type PoolLanguage = (typeof CPI_LANGUAGES)[number];

const english: Record<Mood, PoolReview[]> = {
  good: [
    {
      title: 'Exactly what I needed',
      body: 'Clean design, quick to learn and it does exactly what it promises. I use it every day now.',
    },
    {
      title: 'Great app',
      body: 'Works smoothly on my phone, no crashes so far and the features are really well thought out.',
    },
    {
      title: 'Love it',
      body: 'I tried several similar apps and this one is by far the easiest to use. Highly recommended.',
    },
    {
      title: 'Five stars from me',
      body: 'Fast, simple and reliable. The latest update made it even better. Keep up the good work!',
    },
    {
      title: 'Very useful',
      body: 'It saves me a lot of time every week. Setting everything up took only a couple of minutes.',
    },
    {
      title: 'Best in its category',
      body: 'Nothing else comes close. The interface is intuitive and the app never gets in my way.',
    },
    {
      title: 'Does the job perfectly',
      body: 'No unnecessary clutter, just the tools I need. Battery usage is low too, which I appreciate.',
    },
    {
      title: 'Impressed',
      body: 'I did not expect much, but this app surprised me. Polished, responsive and genuinely helpful.',
    },
    {
      title: 'Highly recommend',
      body: 'I recommended it to my friends and family and everyone likes it. Worth every second spent.',
    },
    {
      title: 'So easy to use',
      body: 'Even my parents figured it out without help. Clear menus and helpful tips along the way.',
    },
    {
      title: 'A must have',
      body: 'One of the few apps that stays on my home screen. Reliable and pleasant to use every day.',
    },
    {
      title: 'Fantastic support',
      body: 'Had a question and the support team answered within hours. The app itself works great.',
    },
    {
      title: 'Smooth experience',
      body: 'Loads fast, syncs well between my devices and looks beautiful in dark mode.',
    },
    {
      title: 'Really helpful',
      body: 'It helped me get organised and stay on track. The reminders are a small but brilliant touch.',
    },
    {
      title: 'Worth it',
      body: 'Simple on the surface with plenty of depth when you need it. I am very happy with it.',
    },
    {
      title: 'Top quality',
      body: 'You can tell the developers care. Frequent updates, no bugs I have noticed and great design.',
    },
    {
      title: 'My favourite app',
      body: 'I open it several times a day. Everything is where I expect it to be and it just works.',
    },
    {
      title: 'Excellent',
      body: 'Does what it says, quickly and without fuss. The offline mode is a lifesaver when travelling.',
    },
    {
      title: 'Great value',
      body: 'The free version already covers everything I need. Very generous compared to the alternatives.',
    },
    {
      title: 'Nice and simple',
      body: 'A clean app without annoying pop-ups. It makes a routine task feel effortless.',
    },
    {
      title: 'Better than expected',
      body: 'Installed it on a whim and now I cannot imagine my day without it. Great job, team!',
    },
    {
      title: 'Solid and stable',
      body: 'Months of daily use and not a single crash. The new features keep getting better.',
    },
  ],
  fair: [
    {
      title: 'Good but could be better',
      body: 'The main features work well, but some settings are hard to find. Still useful overall.',
    },
    { title: 'Decent app', body: 'It does the job. A few more customisation options would make it great.' },
    {
      title: 'Okay for now',
      body: 'Works fine most of the time, though it sometimes takes a while to load.',
    },
    {
      title: 'Not bad',
      body: 'Nice idea and a clean look. I would like to see a widget and better notifications.',
    },
    {
      title: 'Average',
      body: 'Some parts are excellent, others feel unfinished. I will check again after the next update.',
    },
    { title: 'Mixed feelings', body: 'Useful features, but the ads are a bit too frequent for my taste.' },
  ],
  poor: [
    {
      title: 'Disappointing',
      body: 'It crashes too often on my phone and I lose what I was doing. Please fix the stability.',
    },
    {
      title: 'Needs work',
      body: 'The idea is good, but the app is slow and the latest update broke the sync.',
    },
    { title: 'Not for me', body: 'Too many ads and the key features are locked behind a subscription.' },
    {
      title: 'Hard to use',
      body: 'The menus are confusing and I could not find basic settings. Uninstalling for now.',
    },
    {
      title: 'Buggy',
      body: 'Buttons do not respond sometimes and notifications arrive late. Hope it improves.',
    },
    {
      title: 'Drains my battery',
      body: 'It keeps running in the background and the battery goes down quickly.',
    },
  ],
};

const spanish: Record<Mood, PoolReview[]> = {
  good: [
    {
      title: 'Justo lo que necesitaba',
      body: 'Diseño limpio, fácil de aprender y hace exactamente lo que promete. La uso todos los días.',
    },
    {
      title: 'Gran aplicación',
      body: 'Funciona sin problemas en mi teléfono, sin cierres inesperados y con funciones muy bien pensadas.',
    },
    {
      title: 'Me encanta',
      body: 'Probé varias aplicaciones parecidas y esta es la más fácil de usar. Muy recomendable.',
    },
    {
      title: 'Cinco estrellas',
      body: 'Rápida, sencilla y fiable. La última actualización la ha mejorado todavía más. ¡Buen trabajo!',
    },
    {
      title: 'Muy útil',
      body: 'Me ahorra mucho tiempo cada semana. Configurarlo todo llevó solo un par de minutos.',
    },
    {
      title: 'La mejor de su categoría',
      body: 'Ninguna otra se le acerca. La interfaz es intuitiva y nunca estorba.',
    },
    {
      title: 'Cumple perfectamente',
      body: 'Sin adornos innecesarios, solo las herramientas que necesito. Además gasta poca batería.',
    },
    {
      title: 'Sorprendente',
      body: 'No esperaba mucho, pero esta aplicación me sorprendió. Pulida, rápida y realmente útil.',
    },
    {
      title: 'La recomiendo',
      body: 'Se la recomendé a mis amigos y a mi familia y a todos les gusta. Merece mucho la pena.',
    },
    {
      title: 'Muy fácil de usar',
      body: 'Hasta mis padres la entendieron sin ayuda. Menús claros y consejos útiles por el camino.',
    },
    {
      title: 'Imprescindible',
      body: 'Es de las pocas aplicaciones que siguen en mi pantalla de inicio. Fiable y agradable de usar.',
    },
    {
      title: 'Soporte fantástico',
      body: 'Tuve una duda y el equipo de soporte respondió en pocas horas. La aplicación funciona genial.',
    },
    {
      title: 'Experiencia fluida',
      body: 'Carga rápido, se sincroniza bien entre mis dispositivos y se ve preciosa en modo oscuro.',
    },
    {
      title: 'De gran ayuda',
      body: 'Me ayudó a organizarme y a ser constante. Los recordatorios son un detalle brillante.',
    },
    {
      title: 'Vale la pena',
      body: 'Sencilla a primera vista y con muchas opciones cuando las necesitas. Estoy muy contento con ella.',
      gender: 'male',
    },
    {
      title: 'Vale la pena',
      body: 'Sencilla a primera vista y con muchas opciones cuando las necesitas. Estoy muy contenta con ella.',
      gender: 'female',
    },
    {
      title: 'Calidad de primera',
      body: 'Se nota que a los desarrolladores les importa. Actualizaciones frecuentes y un diseño excelente.',
    },
    {
      title: 'Mi aplicación favorita',
      body: 'La abro varias veces al día. Todo está donde espero y simplemente funciona.',
    },
    {
      title: 'Excelente',
      body: 'Hace lo que dice, rápido y sin complicaciones. El modo sin conexión es genial para viajar.',
    },
    {
      title: 'Muy buena relación calidad-precio',
      body: 'La versión gratuita ya cubre todo lo que necesito. Muy generosa comparada con otras.',
    },
    {
      title: 'Sencilla y limpia',
      body: 'Una aplicación limpia y sin ventanas molestas. Convierte una tarea rutinaria en algo fácil.',
    },
    {
      title: 'Mejor de lo esperado',
      body: 'La instalé por curiosidad y ahora no imagino mi día sin ella. ¡Gran trabajo, equipo!',
    },
    {
      title: 'Sólida y estable',
      body: 'Meses de uso diario y ni un solo cierre. Las novedades son cada vez mejores.',
    },
  ],
  fair: [
    {
      title: 'Buena, pero mejorable',
      body: 'Las funciones principales van bien, pero algunos ajustes son difíciles de encontrar.',
    },
    { title: 'Correcta', body: 'Cumple su función. Con más opciones de personalización sería estupenda.' },
    {
      title: 'Está bien por ahora',
      body: 'Funciona bien casi siempre, aunque a veces tarda bastante en cargar.',
    },
    {
      title: 'No está mal',
      body: 'Buena idea y un aspecto limpio. Me gustaría un widget y mejores notificaciones.',
    },
    {
      title: 'Normal',
      body: 'Algunas partes son excelentes y otras parecen sin terminar. Volveré a probar tras la próxima versión.',
    },
    {
      title: 'Sensaciones encontradas',
      body: 'Funciones útiles, pero hay demasiados anuncios para mi gusto.',
    },
  ],
  poor: [
    {
      title: 'Decepcionante',
      body: 'Se cierra con demasiada frecuencia en mi teléfono y pierdo lo que estaba haciendo.',
    },
    {
      title: 'Necesita trabajo',
      body: 'La idea es buena, pero la aplicación es lenta y la última actualización rompió la sincronización.',
    },
    { title: 'No es para mí', body: 'Demasiados anuncios y las funciones clave requieren suscripción.' },
    {
      title: 'Difícil de usar',
      body: 'Los menús son confusos y no encontré los ajustes básicos. La desinstalo por ahora.',
    },
    {
      title: 'Con errores',
      body: 'A veces los botones no responden y las notificaciones llegan tarde. Espero que mejore.',
    },
    {
      title: 'Gasta mucha batería',
      body: 'Sigue funcionando en segundo plano y la batería baja muy rápido.',
    },
  ],
};

const russian: Record<Mood, PoolReview[]> = {
  good: [
    {
      title: 'То, что нужно',
      body: 'Аккуратный дизайн, всё понятно с первого раза, и приложение делает ровно то, что обещает.',
    },
    {
      title: 'Отличное приложение',
      body: 'Работает плавно, ни одного вылета, а функции продуманы до мелочей.',
    },
    {
      title: 'Очень нравится',
      body: 'Из всех похожих приложений это самое удобное. Рекомендую всем знакомым.',
    },
    {
      title: 'Пять звёзд',
      body: 'Быстро, просто и надёжно. Последнее обновление сделало приложение ещё лучше. Так держать!',
    },
    {
      title: 'Очень полезно',
      body: 'Экономит кучу времени каждую неделю. Настройка заняла буквально пару минут.',
    },
    {
      title: 'Лучшее в своём роде',
      body: 'Ничего похожего по удобству не встречается. Интерфейс интуитивный и не мешает работать.',
    },
    {
      title: 'Справляется идеально',
      body: 'Ничего лишнего, только нужные инструменты. И батарею почти не расходует.',
    },
    {
      title: 'Приятно удивляет',
      body: 'Ожиданий особых не было, но приложение удивило: аккуратное, быстрое и действительно полезное.',
    },
    { title: 'Рекомендую', body: 'Советую друзьям и родным, и всем нравится. Однозначно стоит попробовать.' },
    {
      title: 'Очень просто пользоваться',
      body: 'Даже родители разобрались без помощи. Понятное меню и полезные подсказки.',
    },
    {
      title: 'Must have',
      body: 'Одно из немногих приложений, которые всегда на главном экране. Надёжно и удобно.',
    },
    {
      title: 'Отличная поддержка',
      body: 'На вопрос поддержка ответила за пару часов. Само приложение работает прекрасно.',
    },
    {
      title: 'Всё работает гладко',
      body: 'Быстро загружается, хорошо синхронизируется между устройствами и красиво смотрится в тёмной теме.',
    },
    {
      title: 'Очень помогает',
      body: 'Помогает держать всё под контролем. Напоминания — небольшая, но очень удачная деталь.',
    },
    {
      title: 'Стоит своих денег',
      body: 'Простое на первый взгляд, но с массой возможностей, когда они нужны.',
    },
    {
      title: 'Высокое качество',
      body: 'Видно, что разработчики стараются: частые обновления, багов не замечено, отличный дизайн.',
    },
    {
      title: 'Любимое приложение',
      body: 'Открываю несколько раз в день. Всё на своих местах и просто работает.',
    },
    {
      title: 'Превосходно',
      body: 'Делает то, что заявлено, быстро и без лишней суеты. Офлайн-режим выручает в поездках.',
    },
    {
      title: 'Очень щедрая бесплатная версия',
      body: 'Бесплатной версии хватает на всё необходимое. По сравнению с аналогами — просто подарок.',
    },
    {
      title: 'Просто и удобно',
      body: 'Чистое приложение без надоедливых всплывающих окон. Рутинные дела делаются в два касания.',
    },
    {
      title: 'Лучше, чем ожидалось',
      body: 'Установлено из любопытства, а теперь без него никуда. Отличная работа, команда!',
    },
    {
      title: 'Стабильно и надёжно',
      body: 'Месяцы ежедневного использования — и ни одного сбоя. Новые функции радуют.',
    },
  ],
  fair: [
    {
      title: 'Хорошо, но можно лучше',
      body: 'Основные функции работают, но некоторые настройки сложно найти. В целом полезно.',
    },
    { title: 'Неплохое приложение', body: 'Свою задачу выполняет. Больше настроек сделали бы его отличным.' },
    { title: 'Пока нормально', body: 'Работает в основном хорошо, хотя иногда долго загружается.' },
    {
      title: 'Неплохо',
      body: 'Хорошая идея и чистый дизайн. Хотелось бы виджет и более удобные уведомления.',
    },
    {
      title: 'Средне',
      body: 'Что-то сделано отлично, что-то кажется недоработанным. Посмотрим после следующего обновления.',
    },
    { title: 'Двоякое впечатление', body: 'Полезные функции, но рекламы, на мой вкус, многовато.' },
  ],
  poor: [
    {
      title: 'Разочарование',
      body: 'Слишком часто вылетает на телефоне, и несохранённые данные пропадают. Исправьте стабильность.',
    },
    {
      title: 'Нужно доработать',
      body: 'Идея хорошая, но приложение тормозит, а после обновления сломалась синхронизация.',
    },
    { title: 'Не подходит', body: 'Слишком много рекламы, а ключевые функции доступны только по подписке.' },
    {
      title: 'Сложно разобраться',
      body: 'Запутанное меню, базовые настройки найти невозможно. Пока удаляю.',
    },
    {
      title: 'Много ошибок',
      body: 'Кнопки иногда не реагируют, уведомления приходят с опозданием. Надеюсь, исправят.',
    },
    { title: 'Садит батарею', body: 'Постоянно работает в фоне, и заряд уходит очень быстро.' },
  ],
};

export const REVIEW_POOL: Record<PoolLanguage, Record<Mood, PoolReview[]>> = { english, spanish, russian };

/** The pool a rating draws from: 4-5 good, 3 fair, 1-2 poor. */
export const moodOf = (rates: number): Mood => (rates >= 4 ? 'good' : rates === 3 ? 'fair' : 'poor');
