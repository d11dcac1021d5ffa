; Inno Setup script for cardgui's Windows installer.  Built by
; packaging/windows/build-installer.ps1 (which passes the version):
;
;     ISCC /DAppVersion=0.1.0 packaging\windows\cardgui.iss
;
; from the PyInstaller bundle dist\cardgui\ (packaging/cardgui.spec), to
; dist\cardgui-VERSION-setup.exe.  It installs for the current user (no
; administrator needed) or, if chosen, for everyone; makes a Start-menu
; shortcut and (ticked by default) a desktop shortcut to cardgui-gui.exe, the
; windowless program; and registers an uninstaller.

#ifndef AppVersion
  #error Give the version: ISCC /DAppVersion=0.1.0 cardgui.iss
#endif

[Setup]
; The AppId ties every version's installer to the same installed program: never change it.
AppId={{B75BD5D3-A813-4CAF-84F9-A4FECDA5C519}
AppName=cardgui
AppVersion={#AppVersion}
AppVerName=cardgui {#AppVersion}
AppPublisher=cardgui developers
DefaultDirName={autopf}\cardgui
DefaultGroupName=cardgui
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename=cardgui-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
UninstallDisplayIcon={app}\cardgui-gui.exe
UninstallDisplayName=cardgui

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[Files]
Source: "..\..\dist\cardgui\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\cardgui"; Filename: "{app}\cardgui-gui.exe"; Comment: "Klondike, FreeCell, Calculation and Poker Squares"
Name: "{group}\{cm:UninstallProgram,cardgui}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\cardgui"; Filename: "{app}\cardgui-gui.exe"; Comment: "Klondike, FreeCell, Calculation and Poker Squares"; Tasks: desktopicon

[Run]
Filename: "{app}\cardgui-gui.exe"; Description: "{cm:LaunchProgram,cardgui}"; Flags: nowait postinstall skipifsilent
