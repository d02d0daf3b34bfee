import { afterEach, beforeEach } from "bun:test";

/**
 * The file names the screen hands to the browser to save (lib/save-file.ts), recorded instead of
 * saved, for every test of the file that calls this at its top level.
 */
export function recordDownloads(): string[] {
  const saved: string[] = [];
  const realCreateObjectUrl = URL.createObjectURL;
  const realClick = HTMLAnchorElement.prototype.click;
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = () => "blob:prova";
    HTMLAnchorElement.prototype.click = function recordDownload(this: HTMLAnchorElement) {
      saved.push(this.download);
    };
  });
  afterEach(() => {
    URL.createObjectURL = realCreateObjectUrl;
    HTMLAnchorElement.prototype.click = realClick;
  });
  return saved;
}
