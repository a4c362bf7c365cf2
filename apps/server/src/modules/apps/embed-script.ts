/**
 * The script another site includes to offer an app as a chat bubble: a round button in the
 * corner that opens the app's embed page in a frame. The page itself refuses to be framed by
 * sites outside the app's allowed origins (`frame-ancestors`).
 */
export function embedScript(publicUrl: string, slug: string): string {
  const src = new URL(`/apps/${encodeURIComponent(slug)}/embed`, publicUrl).toString();
  return `(function () {
  if (window.__flowsmithBubble) return;
  window.__flowsmithBubble = true;
  var open = false;
  var frame = document.createElement('iframe');
  frame.src = ${JSON.stringify(src)};
  frame.title = 'Chat';
  frame.style.cssText = 'position:fixed;right:20px;bottom:88px;width:380px;height:560px;max-width:calc(100vw - 40px);max-height:calc(100vh - 120px);border:0;border-radius:12px;box-shadow:0 8px 32px rgba(0,0,0,.25);display:none;z-index:2147483647;background:#fff';
  var button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', 'Open chat');
  button.textContent = '\\u{1F4AC}';
  button.style.cssText = 'position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:#0ea5e9;color:#fff;font-size:24px;cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.25);z-index:2147483647';
  button.addEventListener('click', function () {
    open = !open;
    frame.style.display = open ? 'block' : 'none';
    button.setAttribute('aria-label', open ? 'Close chat' : 'Open chat');
  });
  document.body.appendChild(frame);
  document.body.appendChild(button);
})();
`;
}
