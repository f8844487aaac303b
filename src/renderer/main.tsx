/** The page's entry: mounts <App/> on #root over the transport's API. Monaco is not imported here (it loads lazily). */
// First: switches zod's eval probe off before any schema is built (the CSP forbids eval).
import './state/zod-no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getApi } from './api';
import { App } from './App';

// react-resizable-panels calls Array.prototype.at, which Chromium 83 (Electron 9) lacks.
if (typeof Array.prototype.at !== 'function') {
  Object.defineProperty(Array.prototype, 'at', {
    configurable: true,
    writable: true,
    value: function at<T>(this: T[], index: number): T | undefined {
      const i = Math.trunc(index) || 0;
      return this[i < 0 ? this.length + i : i];
    },
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App api={getApi()} />
  </StrictMode>,
);
