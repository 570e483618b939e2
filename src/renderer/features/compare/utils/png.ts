/**
 * A chart's SVG as a PNG, drawn in the page: the SVG text as an image, painted on a white canvas at
 * twice its size, offered as a download. The SVG is the report's own (shared/compare/svg.ts), so the
 * PNG shows what the report shows.
 */
export async function svgToPngDataUrl(svg: string, scale = 2): Promise<string> {
  const image = new Image();
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the chart could not be drawn as an image'));
    // As an image of its own the SVG needs its namespace (the report's inline SVG holds no URL at all).
    const standalone = svg.includes('xmlns=')
      ? svg
      : svg.replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ');
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(standalone)}`;
  });
  const width = image.naturalWidth || Number(/width="(\d+)"/.exec(svg)?.[1] ?? 800);
  const height = image.naturalHeight || Number(/height="(\d+)"/.exec(svg)?.[1] ?? 400);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this page cannot draw on a canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL('image/png');
}

/** Offers a data URL as a file download (Electron asks where to save it; a browser saves it). */
export function downloadDataUrl(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
