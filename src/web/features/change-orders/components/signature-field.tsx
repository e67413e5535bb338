import { useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/utils';

/** What the signer gave: a drawn signature (a PNG data URL), a typed name, or nothing yet. */
export type SignatureValue = { method: 'drawn'; image: string } | { method: 'typed'; name: string } | null;

type Method = 'drawn' | 'typed';

/** The drawing surface: a canvas sized to its box (sharp on the device), cleared by the button. */
function DrawPad({ onChange, labelId }: { onChange: (image: string | null) => void; labelId: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const signature = new SignaturePad(el, { penColor: '#1e293b', minWidth: 1, maxWidth: 2.8 });
    pad.current = signature;
    const size = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = signature.toData();
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      signature.fromData(data);
    };
    size();
    const ended = () => changed.current(signature.isEmpty() ? null : signature.toDataURL('image/png'));
    signature.addEventListener('endStroke', ended);
    const observer = new ResizeObserver(size);
    observer.observe(el);
    return () => {
      observer.disconnect();
      signature.removeEventListener('endStroke', ended);
      signature.off();
      pad.current = null;
    };
  }, []);

  return (
    <div className="grid gap-2">
      <canvas
        ref={canvas}
        aria-labelledby={labelId}
        role="img"
        className="h-40 w-full touch-none rounded-md border-2 border-dashed border-input bg-white sm:h-48"
      />
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">Sign with your finger, a pen or the mouse.</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            pad.current?.clear();
            changed.current(null);
          }}
        >
          Clear
        </Button>
      </div>
    </div>
  );
}

/**
 * The signature: drawn on a canvas with signature_pad, or typed (the way for a keyboard or screen
 * reader user). Either is a signature under ESIGN/UETA once the signer consents and confirms.
 */
export function SignatureField({ onChange }: { onChange: (value: SignatureValue) => void }) {
  const [method, setMethod] = useState<Method>('drawn');
  const [typed, setTyped] = useState('');
  const drawLabel = useId();
  const typedId = useId();

  const choose = (next: Method) => {
    setMethod(next);
    onChange(next === 'typed' && typed.trim() ? { method: 'typed', name: typed.trim() } : null);
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Your signature</legend>
      <div role="radiogroup" aria-label="How to sign" className="grid grid-cols-2 gap-2">
        {(
          [
            ['drawn', 'Draw it'],
            ['typed', 'Type your name'],
          ] as const
        ).map(([value, label]) => (
          <label
            key={value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border px-3 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              method === value
                ? 'border-primary bg-primary/10 text-foreground'
                : 'border-input bg-background',
            )}
          >
            <input
              type="radio"
              name="signature-method"
              value={value}
              checked={method === value}
              onChange={() => choose(value)}
              className="size-4 accent-[var(--color-primary)]"
            />
            {label}
          </label>
        ))}
      </div>
      {method === 'drawn' ? (
        <>
          <span id={drawLabel} className="sr-only">
            Signature drawing area
          </span>
          <DrawPad
            labelId={drawLabel}
            onChange={(image) => onChange(image ? { method: 'drawn', image } : null)}
          />
        </>
      ) : (
        <div className="grid gap-2">
          <Label htmlFor={typedId}>Full name</Label>
          <Input
            id={typedId}
            autoComplete="name"
            value={typed}
            maxLength={200}
            onChange={(e) => {
              setTyped(e.target.value);
              const name = e.target.value.trim();
              onChange(name ? { method: 'typed', name } : null);
            }}
          />
          {typed.trim() && (
            <p
              aria-hidden="true"
              className="min-h-16 rounded-md border border-dashed border-input bg-white px-4 py-3 font-serif text-3xl text-slate-800 italic"
            >
              {typed.trim()}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
