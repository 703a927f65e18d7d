import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AnswerCard } from './AnswerCard';
import { answerFixture, FOIA_CITATION } from './answer.fixture';
import { SectionViewerContext, type SectionToOpen } from '../../components/code-section/section-viewer-context';

function renderCard(ui: ReactNode, openSection: (section: SectionToOpen) => void = () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SectionViewerContext.Provider value={openSection}>{ui}</SectionViewerContext.Provider>
    </QueryClientProvider>,
  );
}

describe('<AnswerCard>', () => {
  it('shows the summary as text with its line breaks, never as HTML', () => {
    const summary = 'Fifteen working days.\n<img src=x onerror="alert(1)"> <b>bold</b>';
    const { container } = renderCard(<AnswerCard answer={answerFixture({ summary, citations: [FOIA_CITATION] })} threadId="thread-1" />);
    expect(container.querySelector('img, b')).toBeNull();
    const paragraph = screen.getByText(/Fifteen working days\./);
    expect(paragraph.textContent).toBe(summary);
    expect(paragraph.className).toContain('whitespace-pre-wrap');
  });

  it('renders each citation with its number, title, highlighted quote, status and the check of its quote (neutral: a matching quote is not an answer)', () => {
    renderCard(<AnswerCard answer={answerFixture({ summary: 'See the code.', citations: [FOIA_CITATION] })} threadId="thread-1" />);
    const card = screen.getByRole('article', { name: /Source 1: § 2-532 Right of access to public records\./ });
    expect(within(card).getByText(/within 15 days/).closest('blockquote')).not.toBeNull();
    expect(within(card).getByText('In force')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'The quote appears word for word in the source. This alone does not mean it answers the question.' })).toBeTruthy();
    // An answer stored before the support check marks no citation as the answer.
    expect(within(card).queryByTestId('states-answer')).toBeNull();
  });

  it('a verdict its quote states: the green mark on that provision only', () => {
    const exception = { ...FOIA_CITATION, quote: 'Such extension shall not exceed 10 days', supports: false };
    renderCard(<AnswerCard answer={answerFixture({ summary: 'Within 15 days — § 2-532: “…”', citations: [{ ...FOIA_CITATION, supports: true }, exception] })} threadId="thread-1" />);
    const [first, second] = screen.getAllByTestId('citation-card');
    expect(within(first).getByRole('img', { name: 'CivicDesk checked that these quoted words state the answer to this question' })).toBeTruthy();
    expect(within(second).queryByTestId('states-answer')).toBeNull();
  });

  it('the code does not answer directly: said plainly in the reader\'s language, the provisions listed as related, no green mark', () => {
    const related = { ...FOIA_CITATION, number: '§ 8-1808', title: 'Prohibited conduct', quote: 'No person shall change the natural color of a baby chicken, duckling, other fowl or rabbit.', supports: false };
    const sentence = 'The District of Columbia code does not answer this question directly. Related provisions, which do not answer it:';
    const answer = answerFixture({ summary: `${sentence}\n\n§ 8-1808 (Prohibited conduct)(d): “${related.quote}”`, citations: [related], metadata: { answer_found: false } });
    answer.analysis = { ...answer.analysis, answer: sentence, outcome: 'not_direct', messages: [{ code: 'answer_not_direct', params: { place: 'District of Columbia' } }] };
    renderCard(<AnswerCard answer={answer} threadId="thread-1" />);
    expect(screen.getByTestId('answer-not-direct').textContent).toContain(sentence);
    expect(screen.getByRole('heading', { name: 'Related provisions' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^This provision is on a related subject/ })).toBeTruthy();
    expect(screen.queryByTestId('states-answer')).toBeNull();
    expect(screen.queryByTestId('answer-sentence')).toBeNull();
  });

  it('marks a quote the server could not check as not checked', () => {
    const unchecked = { ...FOIA_CITATION, verified: false };
    renderCard(<AnswerCard answer={answerFixture({ summary: 'See the code.', citations: [unchecked] })} threadId="thread-1" />);
    expect(screen.getByRole('img', { name: /^The quote could not be checked/ })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^The quote appears word for word/ })).toBeNull();
  });

  it('opens the cited section with the quote to highlight', () => {
    const openSection = vi.fn();
    renderCard(<AnswerCard answer={answerFixture({ summary: 'See.', citations: [FOIA_CITATION] })} threadId="thread-1" />, openSection);
    fireEvent.click(screen.getByRole('button', { name: 'Open section § 2-532' }));
    expect(openSection).toHaveBeenCalledWith({ sectionId: FOIA_CITATION.source_id, quote: FOIA_CITATION.quote });
  });

  it('names the engine, shows notes quietly and keeps the searched sections collapsed', () => {
    const answer = answerFixture({
      summary: 'See.',
      citations: [FOIA_CITATION],
      errors: ['Web search is not configured for this deployment; the answer uses the municipal code only.'],
      metadata: { fallback_reason: 'The model timed out.' },
      codes: [{ id: 'dc-1', number: '§ 2-531', title: 'Policy.', path: '2/5/II', title_name: 'Government Administration', status: 'in_force', source_url: null, score: 1, rank: 1 }],
    });
    renderCard(<AnswerCard answer={answer} threadId="thread-1" />);
    expect(screen.getByText('Answered by: Built-in offline engine')).toBeTruthy();
    const notes = screen.getByRole('complementary', { name: 'Notes about this answer' });
    expect(notes.textContent).toContain('Web search is not configured');
    expect(notes.textContent).toContain('Why: The model timed out.');
    const searched = screen.getByText('Sections searched (1)').closest('details')!;
    expect(searched.open).toBe(false);
    expect(within(searched).getByText('§ 2-531')).toBeTruthy();
  });

  it('says plainly when no answer was found, with no sources', () => {
    const answer = answerFixture({ summary: 'I could not find anything in the code that answers this question.', metadata: { answer_found: false } });
    renderCard(<AnswerCard answer={answer} threadId="thread-1" />);
    expect(screen.getByRole('heading', { name: 'No answer found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sources quoted' })).toBeNull();
    expect(screen.queryAllByTestId('citation-card')).toHaveLength(0);
  });
});
