/**
 * Module names a program imports without any manifest declaring them: Python's standard library (the names of
 * `sys.stdlib_module_names`, CPython 3.12, without the private ones) and the import names whose distribution is named
 * otherwise ("yaml" is installed as "PyYAML"). Data only; unknown-package.ts reads it.
 */

export const PYTHON_STDLIB: ReadonlySet<string> = new Set(
  'abc aifc antigravity argparse array ast asynchat asyncio asyncore atexit audioop base64 bdb binascii bisect builtins bz2 cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop collections colorsys compileall concurrent configparser contextlib contextvars copy copyreg crypt csv ctypes curses dataclasses datetime dbm decimal difflib dis distutils doctest email encodings ensurepip enum errno faulthandler fcntl filecmp fileinput fnmatch fractions ftplib functools gc genericpath getopt getpass gettext glob graphlib grp gzip hashlib heapq hmac html http idlelib imaplib imghdr imp importlib inspect io ipaddress itertools json keyword lib2to3 linecache locale logging lzma mailbox mailcap marshal math mimetypes mmap modulefinder msilib msvcrt multiprocessing netrc nis nntplib nt ntpath nturl2path numbers opcode operator optparse os ossaudiodev pathlib pdb pickle pickletools pipes pkgutil platform plistlib poplib posix posixpath pprint profile pstats pty pwd py_compile pyclbr pydoc pydoc_data pyexpat queue quopri random re readline reprlib resource rlcompleter runpy sched secrets select selectors shelve shlex shutil signal site smtpd smtplib sndhdr socket socketserver spwd sqlite3 sre_compile sre_constants sre_parse ssl stat statistics string stringprep struct subprocess sunau symtable sys sysconfig syslog tabnanny tarfile telnetlib tempfile termios textwrap this threading time timeit tkinter token tokenize tomllib trace traceback tracemalloc tty turtle turtledemo types typing unicodedata unittest urllib uu uuid venv warnings wave weakref webbrowser winreg winsound wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo'.split(
    ' ',
  ),
);

/** Import name → the distributions that provide it, where the two differ (the names the package indexes list). */
export const PYTHON_DISTRIBUTIONS: Readonly<Record<string, readonly string[]>> = {
  yaml: ['pyyaml', 'ruamel-yaml'],
  PIL: ['pillow'],
  cv2: ['opencv-python', 'opencv-python-headless', 'opencv-contrib-python'],
  sklearn: ['scikit-learn'],
  skimage: ['scikit-image'],
  bs4: ['beautifulsoup4'],
  dotenv: ['python-dotenv'],
  jwt: ['pyjwt'],
  jose: ['python-jose'],
  dateutil: ['python-dateutil'],
  attr: ['attrs'],
  magic: ['python-magic'],
  serial: ['pyserial'],
  Crypto: ['pycryptodome', 'pycrypto'],
  OpenSSL: ['pyopenssl'],
  git: ['gitpython'],
  docx: ['python-docx'],
  pptx: ['python-pptx'],
  fitz: ['pymupdf'],
  multipart: ['python-multipart'],
  telegram: ['python-telegram-bot'],
  discord: ['discord-py'],
  psycopg2: ['psycopg2-binary'],
  MySQLdb: ['mysqlclient'],
  zmq: ['pyzmq'],
  usb: ['pyusb'],
  kafka: ['kafka-python'],
  websocket: ['websocket-client'],
  slugify: ['python-slugify'],
  google: ['protobuf', 'google-genai', 'google-generativeai', 'google-auth', 'google-api-python-client', 'google-cloud-storage'],
  grpc: ['grpcio'],
  win32api: ['pywin32'],
  win32com: ['pywin32'],
  pkg_resources: ['setuptools'],
  setuptools: ['setuptools'],
  typing_extensions: ['typing-extensions'],
  mcp: ['mcp', 'fastmcp'],
  ldap: ['python-ldap'],
  nacl: ['pynacl'],
  gi: ['pygobject'],
  socks: ['pysocks'],
  Levenshtein: ['python-levenshtein', 'levenshtein'],
  markdown: ['markdown'],
  tree_sitter: ['tree-sitter'],
  lxml: ['lxml'],
};
