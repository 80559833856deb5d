import { STORAGE_KEYS } from '../constants.ts';

/**
 * The addresses the web app opens without a session and without the log-in screen (apps/web/src/app/public-paths.ts,
 * compared lower case and without a trailing slash, as the router matches them).
 */
export const WEB_PUBLIC_PATHS = ['/resetPassword', '/dit-was-ik-niet'] as const;

/**
 * The one inline script of the web app's index.html (docs/decisions/0060, 0071): index.html carries the log-in
 * screen prerendered at build time, so a first visit paints it before any JavaScript has loaded. A page opened with
 * a session, or at a public address, must not show that form for a moment: this script, run in the head before the
 * body is parsed, marks `<html data-boot="app">`, and index.html's inline style hides the prerendered form then.
 * With a session, at any other address, it also writes the address into `data-path` (lower case, without a trailing slash, `?` appended
 * when the address has a query): index.html's signed-in first paint (header, navigation, and the heading of the
 * main screen at that address) shows then, before any script.
 * The server allows exactly this script by its hash in the Content-Security-Policy (apps/api/src/app.ts); the build
 * writes exactly this text into index.html (apps/web/scripts/prerender.ts).
 */
export const WEB_BOOT_SCRIPT =
  `try{var s=localStorage,h=document.documentElement,e=Number(s.getItem(${JSON.stringify(STORAGE_KEYS.expiry)})),` +
  `p=location.pathname.replace(/\\/+$/,"").toLowerCase();` +
  `if(${JSON.stringify(WEB_PUBLIC_PATHS.map((path) => path.toLowerCase()))}.indexOf(p)>=0)` +
  `h.setAttribute("data-boot","app");` +
  `else if(s.getItem(${JSON.stringify(STORAGE_KEYS.token)})&&isFinite(e)&&e>0){h.setAttribute("data-boot","app");` +
  `h.setAttribute("data-path",(p||"/")+(location.search.length>1?"?":""))}}catch(x){}`;

/**
 * The second inline script of index.html (docs/decisions/0081), right after the signed-in first paint: on an admin's
 * home (`<html data-path="/">`, so only with a session) it writes the welcome texts the home remembered in local
 * storage (`{ hello, intro }`, removed when the session ends or another one starts) into the first paint's hero and
 * marks `<html data-welcome>`, whose style shows them: the home's largest text paints from the HTML instead of
 * waiting for the profile. Allowed by its hash in the Content-Security-Policy, as the boot script is.
 */
export const WEB_WELCOME_SCRIPT =
  `try{var w=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.welcome)})),h=document.documentElement;` +
  `if(w&&typeof w.hello=="string"&&typeof w.intro=="string"&&h.getAttribute("data-path")=="/"){` +
  `var q=function(n){return document.querySelector('[data-fp-welcome="'+n+'"]')};` +
  `q("hello").textContent=w.hello;q("intro").textContent=w.intro;h.setAttribute("data-welcome","")}}catch(x){}`;

/**
 * Where the build writes the welcome script (an empty `<template>` with this id): inside the home's hero of the first
 * paint, right after its welcome paragraphs, so that a paint before the script has run shows nothing below the hero
 * that the texts could then push down.
 */
export const WEB_WELCOME_SCRIPT_PLACE = 'fp-welcome-script';

/** The hashes of index.html's inline scripts, as the Content-Security-Policy lists them. */
export const WEB_INLINE_SCRIPTS = [WEB_BOOT_SCRIPT, WEB_WELCOME_SCRIPT] as const;
