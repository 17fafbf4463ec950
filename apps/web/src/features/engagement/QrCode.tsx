import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The dark modules of `text` as one SVG path, with the quiet zone of 4 modules around them. */
export function qrPath(text: string): { size: number; path: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const margin = 4;
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (qr.isDark(row, col)) path += `M${col + margin} ${row + margin}h1v1h-1z`;
    }
  }
  return { size: count + margin * 2, path };
}

/** A QR code drawn as SVG: black on a white plate in both themes (scanners need the contrast). */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { size: modules, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-testid="invite-qr"
      data-text={text}
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
