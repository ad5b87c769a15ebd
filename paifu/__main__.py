from paifu.cli import main

raise SystemExit(main())
