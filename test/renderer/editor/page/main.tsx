/** A page that exercises JsonEditor the way the app does; monaco.browser.test.ts builds it and drives it in Chromium. */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { focusEditor, JsonEditor } from '../../../../src/renderer/editor';
import type { EditorProblem } from '../../../../src/renderer/editor';
import './page.css';

const requestUri = 'protodesk://tab/1/request.json';

const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Who to greet, by name.' },
    mood: { type: 'string', enum: ['HAPPY', 'GRUMPY'], description: 'How the greeting sounds.' },
  },
  additionalProperties: false,
};

const sample = '{\n  "mood": "HAPPY"\n}';

const problem: EditorProblem = { line: 2, column: 11, message: 'HAPPY is not a mood today' };

function Page(): React.JSX.Element {
  const [value, setValue] = useState('{}');
  const [runs, setRuns] = useState(0);
  const [showProblem, setShowProblem] = useState(false);
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  return (
    <main>
      <div className="editor-box">
        <JsonEditor
          value={value}
          onChange={setValue}
          jsonSchema={schema}
          modelUri={requestUri}
          ariaLabel="Request JSON"
          theme={theme}
          onRun={() => setRuns((n) => n + 1)}
          problem={showProblem ? problem : undefined}
        />
      </div>
      <div className="editor-box">
        <JsonEditor
          value={value}
          readOnly
          modelUri="protodesk://tab/1/response.json"
          ariaLabel="Response JSON"
          theme={theme}
        />
      </div>
      <output aria-label="Value">{value}</output>
      <output aria-label="Runs">{runs}</output>
      <button onClick={() => setValue(sample)}>Reset to sample</button>
      <button onClick={() => setValue('{"bogus": 1}')}>Load unknown field</button>
      <button onClick={() => setShowProblem((shown) => !shown)}>Toggle problem</button>
      <button onClick={() => setTheme((t) => (t === 'light' ? 'dark' : 'light'))}>Toggle theme</button>
      <button onClick={() => focusEditor(requestUri)}>Focus request</button>
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Page />);
