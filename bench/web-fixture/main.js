// The smallest React page Vite builds: the yardstick bench/web.mjs measures the app against.
/* global document */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(createElement('h1', null, 'Minimal page'));
