import { useEffect, useRef, useState } from 'react';
import { Minus, Plus, ScanText } from 'lucide-react';
import { GlobalWorkerOptions, TextLayer, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useI18n } from '../../lib/i18n';
import './pdf-text-layer.css';

GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/** Pages checked for words before the viewer calls a PDF scanned ("no text layer"). */
const TEXT_PROBE_PAGES = 5;

/**
 * Renders a PDF in the page with pdf.js: each page drawn on a canvas when it scrolls near, with
 * its text layer over it. Loaded on demand (this module and pdf.js are a separate chunk).
 */
export default function PdfDocumentView({ data, title }: { data: ArrayBuffer; title: string }) {
  const { t } = useI18n();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [hasText, setHasText] = useState<boolean | null>(null);
  const [zoom, setZoom] = useState(1);
  const frameRef = useRef<HTMLDivElement>(null);
  const [frameWidth, setFrameWidth] = useState(0);

  useEffect(() => {
    // pdf.js takes ownership of the bytes it is given: hand it a copy so a re-render can reuse ours.
    const task = getDocument({ data: new Uint8Array(data.slice(0)) });
    let cancelled = false;
    task.promise.then(
      async (loaded) => {
        if (cancelled) return;
        setPdf(loaded);
        for (let number = 1; number <= Math.min(loaded.numPages, TEXT_PROBE_PAGES); number += 1) {
          const content = await (await loaded.getPage(number)).getTextContent();
          if (content.items.some((item) => 'str' in item && item.str.trim())) return !cancelled && setHasText(true);
        }
        if (!cancelled) setHasText(false);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [data]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new ResizeObserver(([entry]) => setFrameWidth(Math.floor(entry.contentRect.width)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  if (failed) {
    return <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 text-sm text-red-800">{t('pdfUnreadable')}</p>;
  }

  const zoomIndex = ZOOM_STEPS.indexOf(zoom);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">{pdf ? t(pdf.numPages === 1 ? 'pageCountOne' : 'pageCount', { count: pdf.numPages }) : t('loading')}</p>
        <div className="flex items-center gap-1" role="group" aria-label={t('zoom')}>
          <Button variant="outline" size="icon" aria-label={t('zoomOut')} disabled={zoomIndex <= 0} onClick={() => setZoom(ZOOM_STEPS[zoomIndex - 1])}>
            <Minus aria-hidden="true" />
          </Button>
          <span className="w-14 text-center text-sm tabular-nums text-slate-800" aria-live="polite">
            {Math.round(zoom * 100)}%
          </span>
          <Button variant="outline" size="icon" aria-label={t('zoomIn')} disabled={zoomIndex >= ZOOM_STEPS.length - 1} onClick={() => setZoom(ZOOM_STEPS[zoomIndex + 1])}>
            <Plus aria-hidden="true" />
          </Button>
        </div>
      </div>
      {hasText === false && (
        <p className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" role="status">
          <ScanText className="mt-0.5 size-4 shrink-0 text-amber-800" aria-hidden="true" />
          {t('pdfNoTextLayer')}
        </p>
      )}
      <div ref={frameRef} className="overflow-x-auto rounded-lg bg-slate-200 p-2 sm:p-4">
        {!pdf || frameWidth === 0 ? (
          <Skeleton className="mx-auto aspect-[8.5/11] w-full max-w-3xl" />
        ) : (
          <div className="grid justify-center gap-4">
            {Array.from({ length: pdf.numPages }, (_, index) => (
              <PdfPage key={index} pdf={pdf} number={index + 1} width={Math.min(frameWidth - 16, 900) * zoom} label={t('pdfPageLabel', { page: index + 1, title })} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** One page: sized at once from its proportions, drawn when it comes within a screen of view. */
function PdfPage({ pdf, number, width, label }: { pdf: PDFDocumentProxy; number: number; width: number; label: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(number <= 2);
  // The page's size in PDF points; US Letter until the page is read.
  const [points, setPoints] = useState({ width: 612, height: 792 });

  useEffect(() => {
    const box = boxRef.current;
    if (!box || near) return;
    const observer = new IntersectionObserver(([entry]) => entry.isIntersecting && setNear(true), { rootMargin: '800px 0px' });
    observer.observe(box);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let cleanup = () => {};
    void pdf.getPage(number).then(async (page) => {
      const base = page.getViewport({ scale: 1 });
      if (cancelled) return;
      setPoints({ width: base.width, height: base.height });
      const viewport = page.getViewport({ scale: width / base.width });
      const canvas = canvasRef.current;
      const textBox = textRef.current;
      if (!canvas || !textBox) return;
      const pixelRatio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * pixelRatio);
      canvas.height = Math.floor(viewport.height * pixelRatio);
      const render = page.render({ canvas, viewport, transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0] });
      const textLayer = new TextLayer({ textContentSource: page.streamTextContent(), container: textBox, viewport });
      textBox.replaceChildren();
      cleanup = () => {
        render.cancel();
        textLayer.cancel();
      };
      await Promise.allSettled([render.promise, textLayer.render()]);
    });
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [pdf, number, width, near]);

  return (
    <div
      ref={boxRef}
      role="region"
      aria-label={label}
      className="relative bg-white shadow-md"
      style={{ width, height: (width * points.height) / points.width, ['--total-scale-factor' as string]: width / points.width }}
    >
      <canvas ref={canvasRef} className="absolute inset-0 h-full w-full" aria-hidden="true" />
      <div ref={textRef} className="textLayer" />
    </div>
  );
}
