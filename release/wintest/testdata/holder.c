/* holder FILE MILLISECONDS: open FILE the way most Windows programs do
 * (read access, sharing read and write but not delete), print "held", keep
 * it open for MILLISECONDS, close it and print "released". The save tests
 * use it to stand for an editor or a virus scanner that has the file open. */
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int wmain(int argc, wchar_t **argv)
{
	HANDLE h;
	if (argc != 3) {
		fputs("usage: holder FILE MILLISECONDS\n", stderr);
		return 2;
	}
	h = CreateFileW(argv[1], GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
	if (h == INVALID_HANDLE_VALUE) {
		fprintf(stderr, "holder: cannot open the file: error %lu\n", GetLastError());
		return 1;
	}
	puts("held");
	fflush(stdout);
	Sleep((DWORD)wcstoul(argv[2], NULL, 10));
	CloseHandle(h);
	puts("released");
	fflush(stdout);
	return 0;
}
