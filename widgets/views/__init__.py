"""Custom views: ``<view>.py`` renders a calculator's result at build time (``prerender``);
``<view>.js`` renders it in the browser (``render``). See docs/contributing.md."""
