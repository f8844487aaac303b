/** The page's entry: mounts <App/> on #root over the transport's API. Monaco is not imported here (it loads lazily). */
// First: switches zod's eval probe off before any schema is built (the CSP forbids eval).
import './state/zod-no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectApi } from './api';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App api={connectApi()} />
  </StrictMode>,
);
