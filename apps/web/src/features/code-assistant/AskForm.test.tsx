import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { AssistantSettings } from '@civicdesk/contract';
import { AskForm } from './AskForm';
import { DEFAULT_ATTACHMENT_LIMITS } from './attachments';

const SETTINGS: AssistantSettings = {
  engine: 'offline',
  engine_label: 'Built-in offline engine',
  web_search_available: false,
  web_search_unavailable_reason: 'Web search is not set up for this site. An administrator can set it up.',
  municipal_code_available: true,
  code_index_ready: true,
  location: { code: 'DC', name: 'District of Columbia' },
  attachments: DEFAULT_ATTACHMENT_LIMITS,
};

const questionBox = () => screen.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement;

describe('<AskForm>', () => {
  it('sends on Enter and adds a line on Shift+Enter', async () => {
    const onAsk = vi.fn(async () => true);
    render(<AskForm onAsk={onAsk} sending={false} settings={SETTINGS} failure={null} />);
    fireEvent.change(questionBox(), { target: { value: '  How long to answer a FOIA request?  ' } });
    fireEvent.keyDown(questionBox(), { key: 'Enter', shiftKey: true });
    expect(onAsk).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.keyDown(questionBox(), { key: 'Enter' });
    });
    expect(onAsk).toHaveBeenCalledWith({ question: 'How long to answer a FOIA request?', attachments: [], webSearch: false, codeSearch: true });
    expect(questionBox().value).toBe('');
  });

  it('gives the question back when it could not be answered, and shows the §8 text', async () => {
    const onAsk = vi.fn(async () => false);
    const { rerender } = render(<AskForm onAsk={onAsk} sending={false} settings={SETTINGS} failure={null} />);
    fireEvent.change(questionBox(), { target: { value: 'What about fees?' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    });
    expect(questionBox().value).toBe('What about fees?');
    rerender(<AskForm onAsk={onAsk} sending={false} settings={SETTINGS} failure="Unknown error occurred" />);
    expect(screen.getByRole('alert').textContent).toContain('Unknown error occurred');
  });

  it('refuses an empty question with a message instead of sending it', () => {
    const onAsk = vi.fn(async () => true);
    render(<AskForm onAsk={onAsk} sending={false} settings={SETTINGS} failure={null} />);
    fireEvent.keyDown(questionBox(), { key: 'Enter' });
    expect(onAsk).not.toHaveBeenCalled();
    expect(screen.getByText('Type a question first.')).toBeTruthy();
  });

  it('shows web search disabled with the reason from the settings; the code search is on', () => {
    render(<AskForm onAsk={async () => true} sending={false} settings={SETTINGS} failure={null} />);
    const web = screen.getByRole('switch', { name: 'Search the web' });
    expect(web.getAttribute('aria-disabled')).toBe('true');
    expect(web.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(web);
    expect(web.getAttribute('aria-checked')).toBe('false');
    const describedBy = document.getElementById(web.getAttribute('aria-describedby')!);
    // Plain words, in the reader's language: no configuration variable.
    expect(describedBy?.textContent).toBe('Unavailable: web search is not set up for this site. An administrator can set it up.');
    expect(describedBy?.textContent).not.toMatch(/WEB_SEARCH_URL/);
    expect(screen.getByRole('switch', { name: 'Search the municipal code' }).getAttribute('aria-checked')).toBe('true');
  });

  it("says when the city's code index is still being built, and not once it is ready", () => {
    const describe = () => {
      const code = screen.getByRole('switch', { name: 'Search the municipal code' });
      return document.getElementById(code.getAttribute('aria-describedby')!)?.textContent;
    };
    const { rerender } = render(<AskForm onAsk={async () => true} sending={false} settings={{ ...SETTINGS, code_index_ready: false }} failure={null} />);
    expect(describe()).toContain('The index of the code is being built: answers use a quicker interim search meanwhile.');
    rerender(<AskForm onAsk={async () => true} sending={false} settings={SETTINGS} failure={null} />);
    expect(describe()).not.toContain('being built');
  });

  it('rejects a file of another type with a message, and lists accepted files with a remove button', () => {
    render(<AskForm onAsk={async () => true} sending={false} settings={SETTINGS} failure={null} />);
    const picker = document.querySelector('input[type=file]') as HTMLInputElement;
    const files = [new File(['x'], 'photo.png', { type: 'image/png' }), new File(['memo'], 'memo.txt', { type: 'text/plain' })];
    fireEvent.change(picker, { target: { files } });
    expect(screen.getByText(/“photo\.png” was not attached/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove memo.txt' }));
    expect(screen.queryByText('memo.txt')).toBeNull();
  });
});
